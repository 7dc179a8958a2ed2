import { useState } from 'react';
import { AlertTriangle, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { dismissAlert, isAlertDismissed, paymentDelayAlertId } from '../utils/dismissed-alerts.ts';

export interface PaymentDelayWarningProps {
  guarantorId: string;
  facilityId: string;
  /** Called after the notice is gone, so the caller can put keyboard focus somewhere sensible. */
  onDismiss?: () => void;
}

/**
 * SPEC §2 Other-facility tab: payments to these facilities may take up to 24
 * hours to show. Once dismissed it stays away for this guarantor and facility.
 * Give it a key of the guarantor and facility so a change of either re-reads storage.
 */
export function PaymentDelayWarning({
  guarantorId,
  facilityId,
  onDismiss,
}: PaymentDelayWarningProps) {
  const t = useMessages(dashboardMessages);
  const alertId = paymentDelayAlertId(facilityId);
  const [dismissed, setDismissed] = useState(() => isAlertDismissed(guarantorId, alertId));
  if (dismissed) return null;

  return (
    <Alert variant="warning" role="note">
      <AlertTriangle aria-hidden="true" />
      <p className="min-w-0 flex-1">{t.notes.otherFacilityDelay}</p>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t.delayWarningDismiss}
        // A full-size touch target that does not make the notice taller than its text.
        className="-my-3 -mr-3 text-warning-soft-foreground hover:bg-warning-soft-foreground/10"
        onClick={() => {
          // Hidden for this visit even when the browser refuses to remember it.
          dismissAlert(guarantorId, alertId);
          setDismissed(true);
          onDismiss?.();
        }}
      >
        <X aria-hidden="true" />
      </Button>
    </Alert>
  );
}

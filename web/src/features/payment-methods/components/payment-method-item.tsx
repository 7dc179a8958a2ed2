import { Building2, CreditCard } from 'lucide-react';
import type { PaymentMethod } from '@webpay/contracts/payment-methods';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { accountTypeMessages } from '@/lib/payments/payment-words.messages.ts';
import { paymentMethodsMessages } from '../payment-methods.messages.ts';
import { methodLabel } from '../utils/method-label.ts';

export interface PaymentMethodItemProps {
  method: PaymentMethod;
  /** This method is being made the default. */
  makingDefault: boolean;
  /** Another change is on its way: nothing else may be sent meanwhile. */
  busy: boolean;
  onMakeDefault: () => void;
  onRemove: () => void;
}

/** One saved method: what it is, whose, what uses it, and what can be done with it. */
export function PaymentMethodItem({
  method,
  makingDefault,
  busy,
  onMakeDefault,
  onRemove,
}: PaymentMethodItemProps) {
  const t = useMessages(paymentMethodsMessages);
  const accountTypes = useMessages(accountTypeMessages);
  const label = methodLabel(method, t, accountTypes);
  const Icon = method.kind === 'card' ? CreditCard : Building2;
  const uses = method.usedBy.map((use) =>
    use.kind === 'plan' ? t.usedByPlan(use.planNumber) : t.usedByStatements,
  );
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 pt-5 sm:pt-6">
          <div className="flex flex-wrap items-start gap-3">
            <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-muted-foreground" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
                <span className="tabular-nums">{label}</span>
                {method.isDefault && <Badge variant="info">{t.defaultBadge}</Badge>}
              </h2>
              <p className="text-sm break-words">{method.holderName}</p>
              {method.expiry && (
                <p className="text-sm text-muted-foreground tabular-nums">
                  {method.expired ? t.expiredOn(method.expiry) : t.expires(method.expiry)}
                </p>
              )}
              {uses.length > 0 && (
                <ul className="flex flex-col gap-0.5 text-sm" aria-label={t.inUseBy}>
                  {uses.map((use) => (
                    <li key={use}>{use}</li>
                  ))}
                </ul>
              )}
            </div>
          </div>
          <ExpiryWarning method={method} />
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            {!method.isDefault && !method.expired && (
              <Button
                variant="secondary"
                disabled={busy}
                aria-busy={makingDefault || undefined}
                onClick={onMakeDefault}
              >
                {makingDefault && <Spinner />}
                {t.makeDefault}
                <span className="sr-only"> {label}</span>
              </Button>
            )}
            <Button variant="secondary" disabled={busy} onClick={onRemove}>
              {t.remove}
              <span className="sr-only"> {label}</span>
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** In words, not colour alone: an expired card, or one that will be soon. */
function ExpiryWarning({ method }: { method: PaymentMethod }) {
  const t = useMessages(paymentMethodsMessages);
  if (method.kind !== 'card') return null;
  if (method.expired) {
    return (
      <AlertMessage variant="danger">
        <strong>{t.expiredTitle}</strong> {t.expiredText}
      </AlertMessage>
    );
  }
  if (method.expiringSoon) {
    return (
      <AlertMessage variant="warning">
        <strong>{t.expiringSoonTitle}</strong> {t.expiringSoonText}
      </AlertMessage>
    );
  }
  return null;
}

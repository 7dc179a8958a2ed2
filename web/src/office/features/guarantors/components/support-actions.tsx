import { useState } from 'react';
import {
  SUPPORT_ACTIONS,
  staffCan,
  type StaffRole,
  type SupportAction,
} from '@webpay/contracts/office';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/dialog.tsx';
import { useMessages } from '@/lib/messages.ts';
import { guarantorMessages } from '../guarantors.messages.ts';
import { SupportActionDialog } from './support-action-dialog.tsx';

/**
 * The support actions, for roles that may take them (staffCan 'support');
 * for others nothing shows, and the service refuses them anyway. Each opens
 * its dialog afresh, so no reason typed for one carries over to the next.
 */
export function SupportActions({ guarantorId, role }: { guarantorId: string; role: StaffRole }) {
  const t = useMessages(guarantorMessages);
  const [open, setOpen] = useState<SupportAction | null>(null);
  if (!staffCan(role, 'support')) return null;
  return (
    <div role="group" aria-label={t.supportActions} className="flex flex-wrap gap-2">
      {SUPPORT_ACTIONS.map((action) => (
        <Dialog
          key={action}
          open={open === action}
          onOpenChange={(isOpen) => setOpen(isOpen ? action : null)}
        >
          <DialogTrigger asChild>
            <Button variant="secondary" size="sm">
              {t.actions[action]}
            </Button>
          </DialogTrigger>
          {open === action && <SupportActionDialog guarantorId={guarantorId} action={action} />}
        </Dialog>
      ))}
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { canMove, isOpen, type Case } from '@webpay/contracts/assistance-application';
import { AlertDialog } from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/dialog.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { caseMessages, reviewMessages } from '../assistance.messages.ts';
import { approvalStage } from '../utils/review-forms.ts';
import { ApproveDialog, ConfirmApprovalDialog } from './approve-dialog.tsx';
import { RequestInformationDialog } from './request-information-dialog.tsx';
import { StartReviewDialog } from './start-review-dialog.tsx';
import { DenyDialog, MessageDialog } from './text-dialogs.tsx';

type Action = 'start' | 'request' | 'approve' | 'deny' | 'message';

/** One action's button and its dialog, mounted only while open so each opens afresh. */
function ActionDialog({
  label,
  primary = false,
  open,
  onOpenChange,
  children,
}: {
  label: string;
  primary?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant={primary ? 'primary' : 'secondary'} size="sm">
          {label}
        </Button>
      </DialogTrigger>
      {open && children}
    </Dialog>
  );
}

/**
 * The reviewer's actions on an open application: start the review, request
 * information, approve (or confirm another reviewer's approval), deny and
 * send a message. Others, and decided applications, show none: the service
 * says who may review (`canReview`) and refuses the rest anyway.
 */
export function CaseActions({ application, staffId }: { application: Case; staffId: string }) {
  const t = useMessages(reviewMessages);
  const page = useMessages(caseMessages);
  const [open, setOpen] = useState<Action | null>(null);
  if (!application.canReview || !isOpen(application.status)) return null;
  const { reference, status } = application;
  const close = () => setOpen(null);
  const props = (action: Action) => ({
    open: open === action,
    onOpenChange: (isOpen: boolean) => setOpen(isOpen ? action : null),
  });
  const stage = approvalStage(application.firstApproval, staffId);
  return (
    <div role="group" aria-label={page.actions} className="flex flex-wrap items-start gap-2">
      {status === 'submitted' && (
        <>
          {/* Radix gives the focus back to this button when the dialog closes. */}
          <Button size="sm" onClick={() => setOpen('start')}>
            {t.startReview}
          </Button>
          <AlertDialog {...props('start')}>
            {open === 'start' && <StartReviewDialog reference={reference} onDone={close} />}
          </AlertDialog>
        </>
      )}
      {canMove(status, 'need_information') && (
        <ActionDialog label={t.requestInformation} {...props('request')}>
          <RequestInformationDialog reference={reference} onDone={close} />
        </ActionDialog>
      )}
      {stage.stage === 'own' ? (
        <OwnApprovalWaiting />
      ) : (
        <ActionDialog
          label={stage.stage === 'confirm' ? t.confirmApproval : t.approve}
          primary={stage.stage === 'confirm'}
          {...props('approve')}
        >
          {stage.stage === 'confirm' ? (
            <ConfirmApprovalDialog application={application} stage={stage} onDone={close} />
          ) : (
            <ApproveDialog application={application} onDone={close} />
          )}
        </ActionDialog>
      )}
      <ActionDialog label={t.deny} {...props('deny')}>
        <DenyDialog reference={reference} onDone={close} />
      </ActionDialog>
      <ActionDialog label={t.sendMessage} {...props('message')}>
        <MessageDialog reference={reference} onDone={close} />
      </ActionDialog>
    </div>
  );
}

/** One's own first approval cannot be confirmed by oneself: the button waits, saying why. */
function OwnApprovalWaiting() {
  const t = useMessages(reviewMessages);
  const whyId = useId();
  return (
    <span className="flex max-w-64 flex-col items-start gap-1">
      <Button variant="secondary" size="sm" disabled aria-describedby={whyId}>
        {t.approve}
      </Button>
      <span id={whyId} className="text-xs text-muted-foreground">
        {t.ownFirstApproval}
      </span>
    </span>
  );
}

/** The first of two approvals, for every reader of the case: who, what and when. */
export function FirstApprovalNotice({ application }: { application: Case }) {
  const t = useMessages(reviewMessages);
  const format = useFormat();
  const first = application.firstApproval;
  if (!first || !isOpen(application.status)) return null;
  return (
    <p
      role="note"
      className="rounded-lg border border-border bg-warning-soft p-3 text-sm text-warning-soft-foreground"
    >
      {t.firstApprovedBy(
        first.staffName,
        first.discountPercent,
        format.cents(first.totalAdjustmentCents),
        format.dateTime(first.at),
      )}
      {first.reason && ` ${t.firstReason(first.reason)}`}
    </p>
  );
}

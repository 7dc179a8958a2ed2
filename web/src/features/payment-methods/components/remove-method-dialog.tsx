import { useId, useRef, useState, type RefObject } from 'react';
import type { PaymentMethod } from '@webpay/contracts/payment-methods';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { RadioGroupField } from '@/components/ui/radio-group-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import type { RemoveOutcome } from '../hooks/use-method-changes.ts';
import { paymentMethodsMessages } from '../payment-methods.messages.ts';
import { replacementsFor } from '../utils/method-forms.ts';

export interface RemoveMethodDialogProps {
  /** null keeps the dialog closed. */
  method: PaymentMethod | null;
  methods: readonly PaymentMethod[];
  label: (method: PaymentMethod) => string;
  onRemove: (method: PaymentMethod, replacementId?: string) => Promise<RemoveOutcome>;
  onClose: () => void;
  /** Where focus goes once the method is gone (its Remove button went with it). */
  focusAfterRemoval: () => void;
}

/**
 * Asks before removing. When the service answers that a plan or autopay
 * uses the method, it asks which other saved method takes its place and
 * sends the removal again with it; with none to choose it says what to do.
 */
export function RemoveMethodDialog(props: RemoveMethodDialogProps) {
  const { method, onClose } = props;
  return (
    <Dialog open={method !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Keyed: a fresh question for each method. */}
      {method && <RemoveMethodContent key={method.id} {...props} method={method} />}
    </Dialog>
  );
}

function RemoveMethodContent({
  method,
  methods,
  label,
  onRemove,
  onClose,
  focusAfterRemoval,
}: RemoveMethodDialogProps & { method: PaymentMethod }) {
  const t = useMessages(paymentMethodsMessages);
  const choice = useRef<HTMLDivElement>(null);
  const [inUse, setInUse] = useState(false);
  const [replacementId, setReplacementId] = useState('');
  const [missingReplacement, setMissingReplacement] = useState(false);
  const [sending, setSending] = useState(false);
  const removed = useRef(false);
  const replacements = replacementsFor(methods, method);
  const name = label(method);

  const send = async () => {
    if (inUse && !replacementId) {
      setMissingReplacement(true);
      choice.current?.querySelector('input')?.focus();
      return;
    }
    setSending(true);
    const outcome = await onRemove(method, inUse ? replacementId : undefined);
    setSending(false);
    if (outcome === 'inUse') setInUse(true);
    if (outcome === 'removed') {
      removed.current = true;
      onClose();
    }
  };

  const stuck = inUse && replacements.length === 0;
  return (
    <DialogContent
      hideClose={sending}
      aria-busy={sending || undefined}
      onEscapeKeyDown={(event) => sending && event.preventDefault()}
      onInteractOutside={(event) => sending && event.preventDefault()}
      onCloseAutoFocus={(event) => {
        if (!removed.current) return;
        event.preventDefault();
        focusAfterRemoval();
      }}
    >
      <DialogHeader>
        <DialogTitle>{t.removeTitle(name)}</DialogTitle>
        <DialogDescription>{t.removeText}</DialogDescription>
      </DialogHeader>
      {inUse && (
        <ReplacementChoice
          ref={choice}
          replacements={replacements}
          label={label}
          missing={missingReplacement && !replacementId}
          onChoose={setReplacementId}
        />
      )}
      <DialogFooter>
        <Button variant="secondary" disabled={sending} onClick={onClose}>
          {t.cancel}
        </Button>
        {!stuck && (
          <Button
            variant="danger"
            disabled={sending}
            aria-busy={sending || undefined}
            onClick={() => void send()}
          >
            {sending && <Spinner />}
            {inUse ? t.moveAndRemove : t.remove}
          </Button>
        )}
      </DialogFooter>
    </DialogContent>
  );
}

/** Which other saved method takes over the removed one's uses; with none, what to do instead. */
function ReplacementChoice({
  ref,
  replacements,
  label,
  missing,
  onChoose,
}: {
  ref: RefObject<HTMLDivElement | null>;
  replacements: readonly PaymentMethod[];
  label: (method: PaymentMethod) => string;
  missing: boolean;
  onChoose: (id: string) => void;
}) {
  const t = useMessages(paymentMethodsMessages);
  const ids = useId();
  if (replacements.length === 0) {
    return <AlertMessage variant="warning">{t.noReplacement}</AlertMessage>;
  }
  return (
    <div ref={ref} className="flex flex-col gap-3">
      <p role="alert" className="text-sm font-medium">
        {t.inUseText}
      </p>
      <RadioGroupField
        id={`${ids}-replacement`}
        legend={t.replacementLegend}
        className="sm:[&>div]:flex-col"
        options={replacements.map((other) => ({ value: other.id, label: label(other) }))}
        name={`${ids}-replacement`}
        error={missing ? t.replacementRequired : undefined}
        onChange={(event) => onChoose(event.target.value)}
      />
    </div>
  );
}

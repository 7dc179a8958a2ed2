import { useId, useState } from 'react';
import type { ErrorObject } from '@webpay/contracts/errors';
import type { PaymentMethod } from '@webpay/contracts/payment-methods';
import type { Cents } from '@webpay/contracts/money';
import { ApiProblem } from '@/components/api-problem.tsx';
import { AuthorizationAcceptance } from '@/components/authorization-acceptance.tsx';
import { AutopaySwitch } from '@/components/autopay-switch.tsx';
import { SavedMethodSelect } from '@/components/saved-method-select.tsx';
import { AmountInput } from '@/components/ui/amount-input.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { amountInputToCents } from '@/lib/amount-input.ts';
import { ApiError } from '@/lib/api-client.ts';
import { fallbackError } from '@webpay/contracts/error-codes';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { chargeableMethods, preferredMethodId } from '@/lib/recurring/saved-methods.ts';
import { autopayMessages } from '../autopay.messages.ts';
import { TurnOffDialog } from './turn-off-dialog.tsx';

export interface AutopayToggleProps {
  heading: string;
  /** What is on now, or why it is off. */
  summary: string;
  on: boolean;
  methods: readonly PaymentMethod[];
  /** Autopay on statements asks for the most to charge a statement. */
  withCap?: boolean;
  /** The authorization for this method (and cap), '' when there is nothing to authorize. */
  authorizationFor: (method: PaymentMethod, capCents: Cents) => string;
  turnOffText: string;
  onEnable: (methodId: string, capCents: Cents, acceptedText: string) => Promise<unknown>;
  /** Answers the sentence to announce once it is off. */
  onDisable: () => Promise<string>;
}

/** The "Autopay" switch of statements or of one plan: on asks for a method and an authorization; off asks to confirm. */
export function AutopayToggle(props: AutopayToggleProps) {
  const t = useMessages(autopayMessages);
  const ids = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<ErrorObject | null>(null);
  const language = useLanguage();

  const switchTo = (checked: boolean) => {
    setAnnouncement('');
    if (checked && !props.on) setEditing(true);
    else if (!checked && editing) setEditing(false);
    else if (!checked && props.on) setConfirming(true);
  };
  const turnOff = async () => {
    setConfirming(false);
    try {
      setAnnouncement(await props.onDisable());
      setError(null);
    } catch (reason) {
      setError(reason instanceof ApiError ? reason.error : fallbackError(undefined, language));
    }
  };

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <h3 id={`${ids}-heading`} className="text-base font-semibold">
        {props.heading}
      </h3>
      <AutopaySwitch
        label={t.switchLabel}
        checked={props.on || editing}
        onCheckedChange={switchTo}
        describedBy={`${ids}-summary`}
      />
      <p id={`${ids}-summary`} className="text-sm text-muted-foreground">
        {props.summary}
      </p>
      {editing && !props.on && (
        <EnableForm
          {...props}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      )}
      {error && <ApiProblem error={error} />}
      <p role="status" className="text-sm font-medium empty:hidden">
        {announcement}
      </p>
      <TurnOffDialog
        open={confirming}
        text={props.turnOffText}
        onConfirm={() => void turnOff()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

interface EnableFormProps extends AutopayToggleProps {
  onDone: () => void;
  onCancel: () => void;
}

function EnableForm({
  methods,
  withCap,
  authorizationFor,
  onEnable,
  onDone,
  onCancel,
}: EnableFormProps) {
  const t = useMessages(autopayMessages);
  const language = useLanguage();
  const [methodId, setMethodId] = useState(() => preferredMethodId(methods));
  const [cap, setCap] = useState('');
  const [accepted, setAccepted] = useState('');
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorObject | null>(null);
  const method = chargeableMethods(methods).find((candidate) => candidate.id === methodId);
  const capCents = amountInputToCents(cap);
  const capMissing = withCap === true && capCents <= 0;
  const text = method && !capMissing ? authorizationFor(method, capCents) : '';
  const isAccepted = text !== '' && accepted === text;

  const submit = async () => {
    setTried(true);
    if (!method || capMissing || !isAccepted) return;
    setPending(true);
    try {
      await onEnable(method.id, capCents, accepted);
      onDone();
    } catch (reason) {
      setError(reason instanceof ApiError ? reason.error : fallbackError(undefined, language));
    } finally {
      setPending(false);
    }
  };

  if (chargeableMethods(methods).length === 0) {
    return <FieldError>{t.enable.noMethods}</FieldError>;
  }
  return (
    <div className="flex flex-col gap-4">
      <SavedMethodSelect
        label={t.enable.method}
        methods={methods}
        value={methodId}
        onChange={setMethodId}
        error={tried && !method ? t.enable.methodRequired : undefined}
      />
      {withCap && <CapField value={cap} onChange={setCap} missing={tried && capMissing} />}
      <AuthorizationAcceptance
        legend={t.enable.authorizationHeading}
        text={text}
        acceptLabel={t.enable.accept}
        accepted={accepted}
        onAcceptedChange={setAccepted}
        error={tried && text !== '' && !isAccepted ? t.validation.authorizationRequired : undefined}
        pendingText={method ? t.enable.authorizationNeedsCap : t.enable.authorizationNeedsMethod}
      />
      {error && <ApiProblem error={error} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          {t.enable.cancel}
        </Button>
        <Button type="button" onClick={() => void submit()} disabled={pending}>
          {pending ? t.enable.turningOn : t.enable.turnOn}
        </Button>
      </div>
    </div>
  );
}

function CapField({
  value,
  onChange,
  missing,
}: {
  value: string;
  onChange: (value: string) => void;
  missing: boolean;
}) {
  const t = useMessages(autopayMessages);
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t.statements.cap}
      </label>
      <AmountInput
        id={id}
        value={value}
        onValueChange={onChange}
        aria-invalid={missing ? true : undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        className="sm:max-w-48"
      />
      {missing && <FieldError id={`${id}-error`}>{t.enable.capRequired}</FieldError>}
    </div>
  );
}

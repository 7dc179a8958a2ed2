import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import { Plus, X } from 'lucide-react';
import { dayIn } from '@webpay/contracts/dates';
import { Button } from '@/components/ui/button.tsx';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { readersTimeZone, useHospitalTimeZone } from '../../../lib/hospital-time-zone.ts';
import { useRequestInformation } from '../api/review-actions.ts';
import { reviewMessages } from '../assistance.messages.ts';
import {
  MAX_REQUESTED_ITEMS,
  checkRequestInformation,
  type FormError,
} from '../utils/review-forms.ts';
import { DialogButtons, DialogError, TextAreaField } from './dialog-parts.tsx';
import { useFormErrorText } from './use-form-error-text.ts';

interface Item {
  key: number;
  text: string;
}

/**
 * Asks the guarantor for what is missing: a list of items, a due date (the
 * policy's when left empty) and an optional message. The service sends the
 * letter and moves the application to "Need more information".
 */
export function RequestInformationDialog({
  reference,
  onDone,
}: {
  reference: string;
  onDone: () => void;
}) {
  const t = useMessages(reviewMessages);
  const errorText = useFormErrorText();
  const ids = useId();
  const mutation = useRequestInformation(reference);
  // A due date must come after the hospital's today, the day the service counts it from.
  const timeZone = useHospitalTimeZone() ?? readersTimeZone();
  const [items, setItems] = useState<Item[]>([{ key: 0, text: '' }]);
  const [dueOn, setDueOn] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, FormError>>>({});
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const values = { items: items.map((item) => item.text), dueOn, message };
    const checked = checkRequestInformation(values, dayIn(timeZone));
    setErrors(checked.errors ?? {});
    if (!checked.request) return;
    const done = await mutation.mutateAsync(checked.request).catch(() => undefined);
    if (!done) return;
    toast.success(t.done.requestInformation);
    onDone();
  };
  return (
    <DialogContent aria-describedby={`${ids}-hint`} className="max-w-xl">
      <DialogHeader>
        <DialogTitle>{t.requestTitle}</DialogTitle>
        <DialogDescription id={`${ids}-hint`}>{t.requestHint}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <DialogError error={mutation.error} />
        <ItemsField items={items} onChange={setItems} errors={errors} />
        <TextField
          id={`${ids}-due`}
          type="date"
          label={t.dueOn}
          hint={t.dueOnHint}
          value={dueOn}
          onChange={(event) => setDueOn(event.target.value)}
          error={errorText(errors.dueOn)}
        />
        <TextAreaField
          label={t.message}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          error={errorText(errors.message)}
        />
        <DialogButtons pending={mutation.isPending} submit={t.send} />
      </form>
    </DialogContent>
  );
}

/** The missing items: one line each, added and removed as the reviewer goes. */
function ItemsField({
  items,
  onChange,
  errors,
}: {
  items: Item[];
  onChange: (update: (items: Item[]) => Item[]) => void;
  errors: Partial<Record<string, FormError>>;
}) {
  const t = useMessages(reviewMessages);
  const errorText = useFormErrorText();
  const ids = useId();
  const nextKey = useRef(Math.max(...items.map((item) => item.key), 0) + 1);
  const itemId = (key: number) => `${ids}-item-${key}`;
  // Focus follows the list: to a line just added, or to "Add an item" once a line is removed.
  const addItem = () => {
    const key = nextKey.current++;
    flushSync(() => onChange((current) => [...current, { key, text: '' }]));
    document.getElementById(itemId(key))?.focus();
  };
  const removeItem = (key: number) => {
    flushSync(() => onChange((current) => current.filter((each) => each.key !== key)));
    document.getElementById(`${ids}-add`)?.focus();
  };
  const editItem = (key: number, text: string) =>
    onChange((current) => current.map((each) => (each.key === key ? { ...each, text } : each)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t.items}</legend>
      <ol className="flex flex-col gap-2">
        {items.map((item, index) => (
          <ItemField
            key={item.key}
            id={itemId(item.key)}
            number={index + 1}
            value={item.text}
            error={errorText(errors[`item-${index}`])}
            onChange={(text) => editItem(item.key, text)}
            onRemove={() => removeItem(item.key)}
          />
        ))}
      </ol>
      {errors.items && <FieldError>{errorText(errors.items)}</FieldError>}
      <Button
        id={`${ids}-add`}
        type="button"
        variant="ghost"
        size="sm"
        className="self-start"
        disabled={items.length >= MAX_REQUESTED_ITEMS}
        onClick={addItem}
      >
        <Plus aria-hidden="true" />
        {t.addItem}
      </Button>
    </fieldset>
  );
}

/** One missing item: its text, labelled by its number, and a way to remove it. */
function ItemField({
  id,
  number,
  value,
  error,
  onChange,
  onRemove,
}: {
  id: string;
  number: number;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
  onRemove: () => void;
}) {
  const t = useMessages(reviewMessages);
  return (
    <li className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {t.item(number)}
      </label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          value={value}
          maxLength={200}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t.removeItem(number)}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </li>
  );
}

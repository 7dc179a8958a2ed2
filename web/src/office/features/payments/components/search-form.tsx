import { useId } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FACILITY_TITLES } from '@webpay/contracts/facilities';
import {
  DESK_PAYMENT_STATUSES,
  PAYMENT_DESK_MESSAGES,
  PAYMENT_METHODS,
  parseDollarsToCents,
  paymentSearchQuerySchema,
} from '@webpay/contracts/payment-desk';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { TextField, type TextFieldProps } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { PAYMENT_DESK_FORM_MESSAGES, searchMessages } from '../payments.messages.ts';
import { useDeskLabels } from '../utils/labels.ts';
import { paymentSearch, SEARCH_FIELDS, type PaymentSearch } from '../utils/search-params.ts';

type SearchFormValues = Record<(typeof SEARCH_FIELDS)[number], string>;
type InputProps = Partial<
  Pick<TextFieldProps, 'type' | 'hint' | 'inputMode' | 'placeholder' | 'maxLength'>
>;

const selectClassName =
  'min-h-10 rounded-md border border-input bg-surface px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:text-sm';

function formValues(search: PaymentSearch): SearchFormValues {
  const values = {} as SearchFormValues;
  for (const field of SEARCH_FIELDS) values[field] = search[field] ?? '';
  return values;
}

/** Empty fields are not criteria: the contract's schema sees only what was typed. */
function typedOnly(values: SearchFormValues): Partial<SearchFormValues> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value.trim() !== ''),
  ) as Partial<SearchFormValues>;
}

const contractResolver = zodResolver(paymentSearchQuerySchema);

/**
 * The contract's schema checks the search; the amount goes to it in cents,
 * so its error is the amount's own rule rather than the union's first branch.
 */
const resolver: Resolver<SearchFormValues> = async (values, context, options) => {
  const typed: Record<string, unknown> = typedOnly(values);
  const cents = typed.amount === undefined ? undefined : parseDollarsToCents(String(typed.amount));
  if (typed.amount !== undefined) typed.amount = cents ?? 0;
  const input = typed as Parameters<typeof contractResolver>[0];
  const checked = await contractResolver(input, context, options as never);
  const errors: FieldErrors<SearchFormValues> = { ...checked.errors };
  if (typed.amount !== undefined && cents === undefined) {
    errors.amount = { type: 'format', message: PAYMENT_DESK_MESSAGES.amountFormat };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

export interface SearchFormProps {
  search: PaymentSearch;
  onSearch: (search: PaymentSearch) => void;
}

/** "Find a payment" and its filters, checked by the contract's rules before anything is asked. */
export function SearchForm({ search, onSearch }: SearchFormProps) {
  const t = useMessages(searchMessages);
  const ids = useId();
  const validationText = useValidationText(PAYMENT_DESK_FORM_MESSAGES);
  const form = useForm<SearchFormValues>({ resolver, defaultValues: formValues(search) });
  const { errors } = form.formState;
  const error = (field: keyof SearchFormValues) => validationText(errors[field]?.message);
  const field = (name: keyof SearchFormValues, label: string, props: InputProps = {}) => (
    <TextField
      id={name === 'receipt' ? 'payment-search' : `${ids}-${name}`}
      label={label}
      autoComplete="off"
      spellCheck={false}
      error={error(name)}
      wrapperClassName="gap-1"
      {...props}
      {...form.register(name)}
    />
  );
  const onSubmit = form.handleSubmit((values) => onSearch(paymentSearch(typedOnly(values))));

  return (
    <form
      role="search"
      aria-label={t.form}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      // The dates keep the width their calendar button needs; an amount is short.
      className="mb-4 grid grid-cols-2 items-start gap-3 md:grid-cols-4 xl:grid-cols-[repeat(2,11rem)_minmax(0,3fr)_repeat(4,minmax(0,4fr))_auto]"
    >
      {/* Its own row: the search most often needed, and its hint, above the filters. */}
      <div className="col-span-full max-w-xl">
        {field('receipt', t.label, { type: 'search', hint: t.hint })}
      </div>
      {field('from', t.from, { type: 'date' })}
      {field('to', t.to, { type: 'date' })}
      {field('amount', t.amount, { inputMode: 'decimal', placeholder: '0.00' })}
      {field('last4', t.last4, { inputMode: 'numeric', maxLength: 4 })}
      <ChoiceFields ids={ids} register={form.register} />
      <div className="col-span-2 flex gap-2 self-end md:col-span-1">
        <Button type="submit" size="sm">
          {t.search}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            form.reset(formValues({}));
            onSearch({});
          }}
        >
          {t.clear}
        </Button>
      </div>
    </form>
  );
}

/** Method, status and facility: any, or one of the contract's. */
function ChoiceFields({
  ids,
  register,
}: {
  ids: string;
  register: UseFormRegister<SearchFormValues>;
}) {
  const t = useMessages(searchMessages);
  const labels = useDeskLabels();
  return (
    <>
      <Choice id={`${ids}-method`} label={t.method} any={t.any} {...register('method')}>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {t.methods[method]}
          </option>
        ))}
      </Choice>
      <Choice id={`${ids}-status`} label={t.status} any={t.any} {...register('status')}>
        {DESK_PAYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {labels.status[status]}
          </option>
        ))}
      </Choice>
      <Choice id={`${ids}-facility`} label={t.facility} any={t.any} {...register('facility')}>
        {Object.entries(FACILITY_TITLES).map(([code, title]) => (
          <option key={code} value={code}>
            {`${code} · ${title}`}
          </option>
        ))}
      </Choice>
    </>
  );
}

function Choice({
  id,
  label,
  any,
  children,
  ...select
}: React.ComponentProps<'select'> & { id: string; label: string; any: string }) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClassName} {...select}>
        <option value="">{any}</option>
        {children}
      </select>
    </div>
  );
}

import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { formatCentsIn } from '@webpay/contracts/language';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import type { OpenAccount } from '../utils/open-accounts.ts';
import { ErrorText, Hint } from './form-parts.tsx';
import { useApplicationFormContext, useFieldError } from '../hooks/use-application-field.ts';
import { FIELDSET, LEGEND, describedBy } from '../utils/form-styles.ts';

/** The open accounts, each checked to begin with, and what they come to. */
export function AccountsStep({ accounts }: { accounts: readonly OpenAccount[] }) {
  const t = useMessages(applyMessages);
  const language = useLanguage();
  const formatDate = useFormatDate();
  const id = useId();
  const { register, control } = useApplicationFormContext();
  const chosen = useWatch({ control, name: 'encounterIds' });
  const error = useFieldError('encounterIds');
  const total = accounts
    .filter((account) => chosen.includes(account.id))
    .reduce((sum, account) => sum + account.balanceCents, 0);
  return (
    <fieldset className={FIELDSET} {...describedBy(id, true, error)}>
      <legend className={LEGEND}>{t.accounts.legend}</legend>
      <Hint id={id}>{t.accounts.hint}</Hint>
      <ul className="flex flex-col gap-1">
        {accounts.map((account) => (
          <li key={account.id}>
            <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2 text-sm">
              <input
                type="checkbox"
                value={account.id}
                className="mt-0.5 size-5 shrink-0 accent-brand"
                {...register('encounterIds')}
              />
              {/* The balance keeps to the right, beside the name, however long the lines. */}
              <span className="flex min-w-0 flex-1 justify-between gap-x-4">
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium">{account.patientName}</span>
                  <span className="text-muted-foreground">
                    {t.accounts.account(account.facilityId, account.accountNumber)}
                    {account.admitDate ? ` · ${formatDate(account.admitDate)}` : ''}
                  </span>
                </span>
                <span className="shrink-0 text-right font-medium tabular-nums">
                  {formatCentsIn(language, account.balanceCents)}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <ErrorText id={id} error={error} />
      <p className="flex justify-between border-t border-border pt-3 text-sm font-semibold">
        <span>{t.accounts.total}</span>
        <span className="tabular-nums">{formatCentsIn(language, total)}</span>
      </p>
    </fieldset>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useSession } from '@/lib/session.ts';
import { forgetSessionDraft, readSessionDraft, writeSessionDraft } from '@/lib/session-drafts.ts';
import {
  STEPS,
  applicationFormSchema,
  formValuesSchema,
  freshValues,
  type ApplicationFormValues,
  type Step,
} from '../utils/application-form.ts';
import type { OpenAccount } from '../utils/open-accounts.ts';

const DRAFT_NAME = 'assistance-application';

const keptDraftSchema = z.object({
  step: z.enum(STEPS),
  values: formValuesSchema,
  /** The Idempotency-Key of a sending whose answer never came: sent again, it makes one application. */
  attempt: z.object({ fingerprint: z.string(), key: z.string() }).nullable(),
});
export type KeptDraft = z.infer<typeof keptDraftSchema>;

/** This session's kept draft, limited to the accounts that are still open. */
function restoredDraft(owner: string, accounts: readonly OpenAccount[]): KeptDraft | null {
  const parsed = keptDraftSchema.safeParse(readSessionDraft(DRAFT_NAME, owner));
  if (!parsed.success) return null;
  const open = new Set(accounts.map((account) => account.id));
  const { values } = parsed.data;
  return {
    ...parsed.data,
    values: { ...values, encounterIds: values.encounterIds.filter((id) => open.has(id)) },
  };
}

/** Written without the chosen files, which cannot outlive the page. */
function keep(owner: string, draft: KeptDraft): void {
  const members = draft.values.members.map((member) => ({ ...member, files: [] }));
  writeSessionDraft(DRAFT_NAME, owner, { ...draft, values: { ...draft.values, members } });
}

export function forgetApplicationDraft(): void {
  forgetSessionDraft(DRAFT_NAME);
}

/**
 * The application's form, its step, and the sending attempt, kept in the
 * tab's sessionStorage as they change so a reload finds them again.
 */
export function useApplicationForm(accounts: readonly OpenAccount[], assetTest: boolean) {
  const session = useSession();
  const owner = session ? `${session.claims.guarantor}:${session.claims.sid}` : '';
  const applicantName = session ? `${session.user.firstName} ${session.user.lastName}`.trim() : '';
  const [initial] = useState(
    () =>
      restoredDraft(owner, accounts) ?? {
        step: 'accounts' as Step,
        values: freshValues(
          accounts.map((account) => account.id),
          applicantName,
        ),
        attempt: null,
      },
  );
  const schema = useMemo(() => applicationFormSchema(assetTest), [assetTest]);
  const form = useForm<ApplicationFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initial.values,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const [step, setStep] = useState<Step>(initial.step);
  const [attempt, setAttempt] = useState(initial.attempt);

  const values = useWatch({ control: form.control }) as ApplicationFormValues;
  useEffect(() => {
    keep(owner, { step, values, attempt });
  }, [owner, step, values, attempt]);

  return { form, step, setStep, attempt, setAttempt };
}

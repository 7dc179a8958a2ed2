import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { STAFF_ROLES, addStaffRequestSchema, type AddStaffRequest } from '@webpay/contracts/office';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Label } from '@/components/ui/label.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useValidationText } from '@/lib/validation-text.ts';
import { officeMessages } from '../../../components/office.messages.ts';
import { Section } from '../../../components/page-parts.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { OFFICE_FORM_MESSAGES } from '../../../lib/field-messages.ts';
import { useAddStaff } from '../api/staff.ts';
import { staffMessages } from '../staff.messages.ts';
import type { IssuedLink } from './enrolment-link.tsx';

const selectClassName =
  'min-h-11 rounded-md border border-input bg-surface px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:text-sm';

/** Name, e-mail and role; the answer is the new account's one-time enrolment link. */
export function AddStaffForm({ onAdded }: { onAdded: (link: IssuedLink) => void }) {
  const t = useMessages(staffMessages);
  const roles = useMessages(officeMessages).roles;
  const ids = useId();
  const add = useAddStaff();
  const validationText = useValidationText(OFFICE_FORM_MESSAGES);
  const form = useForm<AddStaffRequest>({
    resolver: zodResolver(addStaffRequestSchema),
    defaultValues: { name: '', email: '', role: 'viewer' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const issued = await add.mutateAsync(values);
      onAdded({
        name: issued.staff.name,
        enrolmentUrl: issued.enrolmentUrl,
        expiresAt: issued.expiresAt,
      });
      form.reset();
    } catch {
      // Shown from the mutation's error.
    }
  });
  return (
    <Section id="add-staff" title={t.add}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        {add.isError && (
          <AlertMessage variant="danger">{errorText(add.error, t.failed)}</AlertMessage>
        )}
        <div className="grid items-start gap-3 md:grid-cols-[1fr_1fr_12rem_auto]">
          <TextField
            id={`${ids}-name`}
            label={t.name}
            autoComplete="off"
            error={validationText(errors.name?.message)}
            wrapperClassName="gap-1"
            {...form.register('name')}
          />
          <TextField
            id={`${ids}-email`}
            label={t.email}
            type="email"
            autoComplete="off"
            spellCheck={false}
            error={validationText(errors.email?.message)}
            wrapperClassName="gap-1"
            {...form.register('email')}
          />
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-role`}>{t.role}</Label>
            <select id={`${ids}-role`} className={selectClassName} {...form.register('role')}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {roles[role]}
                </option>
              ))}
            </select>
          </div>
          <SubmitButton pending={add.isPending} className="md:mt-6">
            {t.addSubmit}
          </SubmitButton>
        </div>
      </form>
    </Section>
  );
}

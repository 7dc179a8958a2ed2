import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Loading, PageHeading, QueryError, Section } from '../../../components/page-parts.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useStaffSession } from '../../../lib/staff-session.ts';
import { staffListQueryOptions, useDisableStaff, useResetStaff } from '../api/staff.ts';
import { staffMessages } from '../staff.messages.ts';
import { AddStaffForm } from './add-staff-form.tsx';
import { EnrolmentLink, type IssuedLink } from './enrolment-link.tsx';
import { StaffTable, type StaffChange } from './staff-table.tsx';

/** Staff administration (admins only): list, add, disable, reset. */
export function StaffPage() {
  const t = useMessages(staffMessages);
  const list = useQuery(staffListQueryOptions());
  const selfId = useStaffSession()?.me?.staff.id;
  const reset = useResetStaff();
  const disable = useDisableStaff();
  const [link, setLink] = useState<IssuedLink | null>(null);
  const failure = reset.error ?? disable.error;

  const change = async ({ kind, member }: StaffChange) => {
    setLink(null);
    try {
      if (kind === 'disable') {
        await disable.mutateAsync(member.id);
        return;
      }
      const issued = await reset.mutateAsync(member.id);
      setLink({
        name: member.name,
        enrolmentUrl: issued.enrolmentUrl,
        expiresAt: issued.expiresAt,
      });
    } catch {
      // Shown from the mutation's error.
    }
  };

  return (
    <>
      <PageHeading>{t.title}</PageHeading>
      <div className="flex flex-col gap-4">
        {link && <EnrolmentLink link={link} onClose={() => setLink(null)} />}
        <AddStaffForm onAdded={setLink} />
        {failure && <AlertMessage variant="danger">{errorText(failure, t.failed)}</AlertMessage>}
        <Section id="staff-list" title={t.list}>
          {list.isPending && <Loading />}
          {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
          {list.data && (
            <StaffTable staff={list.data} selfId={selfId} onChange={(next) => void change(next)} />
          )}
        </Section>
      </div>
    </>
  );
}

import { useState } from 'react';
import type { StaffMember } from '@webpay/contracts/office';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { officeMessages } from '../../../components/office.messages.ts';
import { Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { staffMessages } from '../staff.messages.ts';
import { EmailAddress } from '../../../components/email-address.tsx';

export type StaffChange = { kind: 'disable' | 'reset'; member: StaffMember };

const STATUS_BADGES = { invited: 'info', active: 'success', disabled: 'neutral' } as const;

/** Asks before a change that locks someone out. */
function ConfirmChange({
  change,
  onConfirm,
  onCancel,
}: {
  change: StaffChange | null;
  onConfirm: (change: StaffChange) => void;
  onCancel: () => void;
}) {
  const t = useMessages(staffMessages);
  return (
    <AlertDialog open={change !== null} onOpenChange={(open) => !open && onCancel()}>
      {change && (
        <AlertDialogContent>
          <AlertDialogTitle>{change.kind === 'disable' ? t.disable : t.reset}</AlertDialogTitle>
          <AlertDialogDescription>
            {change.kind === 'disable'
              ? t.disableConfirm(change.member.name)
              : t.resetConfirm(change.member.name)}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{t.cancel}</AlertDialogCancel>
            <Button variant="danger" onClick={() => onConfirm(change)}>
              {change.kind === 'disable' ? t.disable : t.reset}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}

function StaffRow({
  member,
  isSelf,
  onChange,
}: {
  member: StaffMember;
  /** The administrator's own row: the service refuses to let them lock themselves out. */
  isSelf: boolean;
  onChange: (change: StaffChange) => void;
}) {
  const t = useMessages(staffMessages);
  const roles = useMessages(officeMessages).roles;
  const format = useFormat();
  return (
    <TableRow>
      <Td className="font-medium">
        <CellLabel>{t.name}</CellLabel>
        {member.name}
        {isSelf && (
          <Badge variant="neutral" className="ml-2">
            {t.you}
          </Badge>
        )}
      </Td>
      <Td>
        <CellLabel>{t.email}</CellLabel>
        <EmailAddress address={member.email} />
      </Td>
      <Td>
        <CellLabel>{t.role}</CellLabel>
        {roles[member.role]}
      </Td>
      <Td>
        <CellLabel>{t.kind}</CellLabel>
        {t.kinds[member.kind]}
      </Td>
      <Td>
        <CellLabel>{t.status}</CellLabel>
        <Badge variant={STATUS_BADGES[member.status]}>{t.statuses[member.status]}</Badge>
      </Td>
      <Td>
        <CellLabel>{t.lastSignIn}</CellLabel>
        {member.lastSignInAt ? format.dateTime(member.lastSignInAt) : t.never}
      </Td>
      <Td>
        {isSelf ? (
          <span className="text-sm text-muted-foreground">{t.ownAccount}</span>
        ) : (
          <StaffActions member={member} onChange={onChange} />
        )}
      </Td>
    </TableRow>
  );
}

function StaffActions({
  member,
  onChange,
}: {
  member: StaffMember;
  onChange: (change: StaffChange) => void;
}) {
  const t = useMessages(staffMessages);
  return (
    <span className="flex gap-1">
      {/* Single sign-on accounts have no password or authenticator to reset. */}
      {member.kind === 'local' && (
        <Button variant="secondary" size="sm" onClick={() => onChange({ kind: 'reset', member })}>
          {t.reset}
          <span className="sr-only"> {member.name}</span>
        </Button>
      )}
      {member.status !== 'disabled' && (
        <Button variant="secondary" size="sm" onClick={() => onChange({ kind: 'disable', member })}>
          {t.disable}
          <span className="sr-only"> {member.name}</span>
        </Button>
      )}
    </span>
  );
}

export function StaffTable({
  staff,
  selfId,
  onChange,
}: {
  staff: readonly StaffMember[];
  /** The signed-in administrator's id. */
  selfId: string | undefined;
  onChange: (change: StaffChange) => void;
}) {
  const t = useMessages(staffMessages);
  const [pending, setPending] = useState<StaffChange | null>(null);
  return (
    <>
      <Table aria-label={t.list}>
        <TableHeader>
          <TableRow>
            <Th>{t.name}</Th>
            <Th>{t.email}</Th>
            <Th>{t.role}</Th>
            <Th>{t.kind}</Th>
            <Th>{t.status}</Th>
            <Th>{t.lastSignIn}</Th>
            <Th>{t.actions}</Th>
          </TableRow>
        </TableHeader>
        <TableBody>
          {staff.map((member) => (
            <StaffRow
              key={member.id}
              member={member}
              isSelf={member.id === selfId}
              onChange={setPending}
            />
          ))}
        </TableBody>
      </Table>
      <ConfirmChange
        change={pending}
        onCancel={() => setPending(null)}
        onConfirm={(change) => {
          setPending(null);
          onChange(change);
        }}
      />
    </>
  );
}

import type { SentEmail } from '@webpay/contracts/office';
import { Badge } from '@/components/ui/badge.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useFormat } from '../lib/use-format.ts';
import { sentEmailsMessages } from './office.messages.ts';
import { Section, Td, Th } from './page-parts.tsx';
import { EmailAddress } from './email-address.tsx';

const EMAIL_BADGES = { queued: 'neutral', sent: 'success', failed: 'danger' } as const;

/** A message kind in words; one this console has no words for yet shows its code. */
function KindName({ kind, kinds }: { kind: string; kinds: Readonly<Record<string, string>> }) {
  if (Object.hasOwn(kinds, kind)) return <>{kinds[kind]}</>;
  return <code className="font-mono text-xs">{kind}</code>;
}

/** The e-mails sent, newest first, with why one failed. */
export function SentEmailsSection({ emails }: { emails: readonly SentEmail[] }) {
  const t = useMessages(sentEmailsMessages);
  const format = useFormat();
  return (
    <Section id="emails" title={t.title}>
      {emails.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.nothing}</p>
      ) : (
        <Table aria-label={t.title}>
          <TableHeader>
            <TableRow>
              <Th>{t.queuedAt}</Th>
              <Th>{t.kind}</Th>
              <Th>{t.to}</Th>
              <Th>{t.subject}</Th>
              <Th>{t.status}</Th>
            </TableRow>
          </TableHeader>
          <TableBody>
            {emails.map((email) => (
              <TableRow key={email.id}>
                <Td className="whitespace-nowrap">
                  <CellLabel>{t.queuedAt}</CellLabel>
                  {format.dateTime(email.queuedAt)}
                </Td>
                <Td>
                  <CellLabel>{t.kind}</CellLabel>
                  <KindName kind={email.kind} kinds={t.kinds} />
                </Td>
                <Td>
                  <CellLabel>{t.to}</CellLabel>
                  <EmailAddress address={email.to} />
                </Td>
                <Td>
                  <CellLabel>{t.subject}</CellLabel>
                  {email.subject}
                </Td>
                <Td>
                  <CellLabel>{t.status}</CellLabel>
                  <span className="flex flex-col items-start gap-0.5">
                    <Badge variant={EMAIL_BADGES[email.status]}>{t.statuses[email.status]}</Badge>
                    {email.error && <span className="text-xs text-danger-text">{email.error}</span>}
                  </span>
                </Td>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

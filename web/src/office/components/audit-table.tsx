import type { AuditEntry } from '@webpay/contracts/office';
import { Badge } from '@/components/ui/badge.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useAuditWords, type AuditWords } from '../lib/audit-labels.ts';
import { useFormat } from '../lib/use-format.ts';
import { auditTableMessages } from './office.messages.ts';
import { Td, Th } from './page-parts.tsx';

/**
 * The action in words, its code below for those who filter or export by it;
 * an action this console has no words for yet shows its code alone.
 */
function ActionName({ code, words }: { code: string; words: AuditWords }) {
  const label = words.action(code);
  if (label === undefined) return <code className="font-mono text-xs">{code}</code>;
  return (
    <span className="flex flex-col items-end gap-0.5 text-right md:items-start md:text-left">
      <span>{label}</span>
      <code className="font-mono text-xs text-muted-foreground">{code}</code>
    </span>
  );
}

type Actors = Readonly<Record<string, string>>;

/**
 * Who acted, in the reader's language: the staff member's name, else the
 * kind of actor, with its id unless it is the row's own guarantor (whose id
 * the Guarantor column, or the guarantor's own page, already gives).
 */
function actorText(entry: AuditEntry, actors: Actors): string {
  if (entry.actorName) return entry.actorName;
  const kind =
    (Object.hasOwn(actors, entry.actorType) && actors[entry.actorType]) || entry.actorType;
  const isOwnGuarantor = entry.actorType === 'guarantor' && entry.actorId === entry.guarantorId;
  return entry.actorId && !isOwnGuarantor ? `${kind} ${entry.actorId}` : kind;
}

/** Audit rows, newest first: who did what, when, to whom, why and from where. */
export function AuditTable({
  entries,
  showGuarantor = true,
}: {
  entries: readonly AuditEntry[];
  /** Left out on a guarantor's own page, where every row is theirs. */
  showGuarantor?: boolean;
}) {
  const t = useMessages(auditTableMessages);
  const words = useAuditWords();
  const format = useFormat();
  return (
    <Table aria-label={t.caption}>
      <TableHeader>
        <TableRow>
          <Th>{t.when}</Th>
          <Th>{t.who}</Th>
          <Th>{t.action}</Th>
          <Th>{t.outcome}</Th>
          {showGuarantor && <Th>{t.guarantor}</Th>}
          <Th>{t.reason}</Th>
          <Th>{t.address}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <Td className="whitespace-nowrap tabular-nums">
              <CellLabel>{t.when}</CellLabel>
              {format.dateTime(entry.occurredAt)}
            </Td>
            <Td>
              <CellLabel>{t.who}</CellLabel>
              {actorText(entry, t.actors)}
            </Td>
            <Td>
              <CellLabel>{t.action}</CellLabel>
              <ActionName code={entry.action} words={words} />
            </Td>
            <Td>
              <CellLabel>{t.outcome}</CellLabel>
              <Badge variant={entry.outcome === 'success' ? 'success' : 'danger'}>
                {t.outcomes[entry.outcome]}
              </Badge>
            </Td>
            {showGuarantor && (
              <Td>
                <CellLabel>{t.guarantor}</CellLabel>
                {entry.guarantorId}
              </Td>
            )}
            <Td>
              <CellLabel>{t.reason}</CellLabel>
              {entry.reason !== null && words.reason(entry.reason)}
            </Td>
            <Td className="tabular-nums">
              <CellLabel>{t.address}</CellLabel>
              {entry.ipAddress}
            </Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

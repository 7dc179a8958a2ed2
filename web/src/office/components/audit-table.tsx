import type { AuditEntry } from '@webpay/contracts/office';
import { Badge } from '@/components/ui/badge.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useFormat } from '../lib/use-format.ts';
import { auditTableMessages } from './office.messages.ts';
import { Td, Th } from './page-parts.tsx';

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
              {entry.actorName ?? `${entry.actorType}${entry.actorId ? ` ${entry.actorId}` : ''}`}
            </Td>
            <Td className="font-mono text-xs">
              <CellLabel>{t.action}</CellLabel>
              {entry.action}
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
              {entry.reason}
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

import { Link, useNavigate } from '@tanstack/react-router';
import type { GuarantorSearchHit } from '@webpay/contracts/office';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { searchMessages } from '../guarantors.messages.ts';
import { moveBetweenResults } from '../utils/result-keys.ts';
import { EmailAddress } from '../../../components/email-address.tsx';

/**
 * The matches as a dense table. A row opens the guarantor's page when
 * clicked anywhere; from the keyboard, its account link does (Enter).
 */
export function SearchResults({ hits }: { hits: readonly GuarantorSearchHit[] }) {
  const t = useMessages(searchMessages);
  const format = useFormat();
  const navigate = useNavigate();
  const open = (guarantorId: string) =>
    void navigate({ to: '/guarantors/$guarantorId', params: { guarantorId } });
  return (
    <Table aria-label={t.results} onKeyDown={moveBetweenResults}>
      <TableHeader>
        <TableRow>
          <Th>{t.account}</Th>
          <Th>{t.name}</Th>
          <Th>{t.birthdate}</Th>
          <Th>{t.email}</Th>
          <Th>{t.phone}</Th>
          <Th>{t.matchedOn}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {hits.map((hit) => (
          <TableRow
            key={hit.guarantorId}
            className="cursor-pointer hover:bg-muted focus-within:bg-muted"
            onClick={(event) => {
              if (!(event.target as HTMLElement).closest('a')) open(hit.guarantorId);
            }}
          >
            <Td>
              <CellLabel>{t.account}</CellLabel>
              <Link
                to="/guarantors/$guarantorId"
                params={{ guarantorId: hit.guarantorId }}
                data-search-result=""
                className="font-medium tabular-nums underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {hit.accountNumber}
              </Link>
            </Td>
            <Td>
              <CellLabel>{t.name}</CellLabel>
              {hit.name}
            </Td>
            <Td>
              <CellLabel>{t.birthdate}</CellLabel>
              {hit.birthdate ? format.date(hit.birthdate) : ''}
            </Td>
            <Td>
              <CellLabel>{t.email}</CellLabel>
              {hit.email && <EmailAddress address={hit.email} />}
            </Td>
            <Td>
              <CellLabel>{t.phone}</CellLabel>
              {hit.phone}
            </Td>
            <Td>
              <CellLabel>{t.matchedOn}</CellLabel>
              {t.matched[hit.matchedOn]}
            </Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

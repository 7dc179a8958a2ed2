import { OFFICE_API_PATHS } from '@webpay/contracts/office';
import { unwrap } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';
import { auditSearchParams, type AuditFilters } from '../../../lib/audit-query.ts';
import { officeApi } from '../../../lib/office-api.ts';

/** The filtered audit trail as CSV, fetched with the staff session and saved. */
export async function exportAuditCsv(filters: AuditFilters, today: string): Promise<void> {
  const params = auditSearchParams(filters);
  // The export is the whole match, not the screen's page of it.
  params.delete('limit');
  const file = unwrap(
    await officeApi.getBlob({ path: `${OFFICE_API_PATHS.auditCsv}?${params}`, accept: 'text/csv' }),
  );
  saveFile(file, `audit-${today}.csv`);
}

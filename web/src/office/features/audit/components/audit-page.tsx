import { useId, useState, type FormEvent } from 'react';
import { FileDown } from 'lucide-react';
import { dayIn } from '@webpay/contracts/dates';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { AuditTrail } from '../../../components/audit-trail.tsx';
import { PageHeading } from '../../../components/page-parts.tsx';
import { useAuditWords } from '../../../lib/audit-labels.ts';
import { readersTimeZone, useHospitalTimeZone } from '../../../lib/hospital-time-zone.ts';
import type { AuditFilters } from '../../../lib/audit-query.ts';
import { errorText } from '../../../lib/error-text.ts';
import { exportAuditCsv } from '../api/export-audit.ts';
import { auditMessages } from '../audit.messages.ts';

const FIELDS = ['guarantorId', 'staffId', 'action', 'from', 'to'] as const;

function ExportButton({ filters }: { filters: AuditFilters }) {
  const t = useMessages(auditMessages);
  const [state, setState] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  // The file is named by the hospital's day, the day its rows are filtered and counted by.
  const timeZone = useHospitalTimeZone() ?? readersTimeZone();
  const run = async () => {
    setState({ busy: true });
    try {
      await exportAuditCsv(filters, dayIn(timeZone));
      setState({ busy: false });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void run()}
        disabled={state.busy}
        aria-busy={state.busy}
      >
        {state.busy ? <Spinner /> : <FileDown aria-hidden="true" />}
        {t.exportCsv}
      </Button>
      {state.error !== undefined && (
        <AlertMessage variant="danger">{errorText(state.error, t.exportFailed)}</AlertMessage>
      )}
    </div>
  );
}

export interface AuditPageProps {
  filters: AuditFilters;
  onFiltersChange: (filters: AuditFilters) => void;
}

/** The action filter's suggestions: the known codes, each with its words. */
function ActionSuggestions({ id }: { id: string }) {
  const { actions } = useAuditWords();
  return (
    <datalist id={id}>
      {actions.map(([code, label]) => (
        <option key={code} value={code} label={label} />
      ))}
    </datalist>
  );
}

/** The audit trail, filtered by guarantor, staff member, action and period; exported as CSV. */
export function AuditPage({ filters, onFiltersChange }: AuditPageProps) {
  const t = useMessages(auditMessages);
  const ids = useId();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const labels = {
    guarantorId: t.guarantor,
    staffId: t.staff,
    action: t.action,
    from: t.from,
    to: t.to,
  };
  const hints = { guarantorId: t.guarantorHint, staffId: t.staffHint, action: t.actionHint };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFiltersChange(draft);
  };
  return (
    <>
      <PageHeading actions={<ExportButton filters={filters} />}>{t.title}</PageHeading>
      <form
        aria-label={t.filters}
        onSubmit={submit}
        className="mb-4 grid grid-cols-2 items-end gap-3 md:grid-cols-3 xl:grid-cols-[repeat(3,minmax(0,1fr))_repeat(2,11rem)_auto]"
      >
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={`${ids}-${field}`}
            label={labels[field]}
            type={field === 'from' || field === 'to' ? 'date' : 'text'}
            // Under the label rather than as a placeholder: at 1280 px a placeholder was cut
            // off, and it is gone as soon as something is typed.
            hint={field in hints ? hints[field as keyof typeof hints] : undefined}
            list={field === 'action' ? `${ids}-actions` : undefined}
            autoComplete={field === 'action' ? 'off' : undefined}
            spellCheck={false}
            value={draft[field] ?? ''}
            onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            wrapperClassName="gap-1"
          />
        ))}
        <ActionSuggestions id={`${ids}-actions`} />
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            {t.apply}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft({});
              onFiltersChange({});
            }}
          >
            {t.clear}
          </Button>
        </div>
      </form>
      <AuditTrail filters={filters} />
    </>
  );
}

import { useState, type MouseEvent } from 'react';
import { FileDown } from 'lucide-react';
import { OFFICE_API_BASE_PATH } from '@webpay/contracts/office';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { errorText } from '../../../lib/error-text.ts';
import {
  downloadMoneyCsv,
  moneyCsvFilename,
  moneyCsvPath,
  type MoneyView,
} from '../api/get-reports.ts';
import { reportsMessages } from '../reports.messages.ts';
import type { Period } from '../utils/period.ts';

/**
 * "Download CSV" for one view. A link, so it reads and behaves as one; the
 * click fetches the file with the staff session, which a plain link would
 * not send, and saves it under the service's name.
 */
export function CsvLink({
  period,
  view,
  label,
}: {
  period: Period;
  view: MoneyView;
  label: string;
}) {
  const t = useMessages(reportsMessages);
  const [state, setState] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  const download = async (event: MouseEvent) => {
    event.preventDefault();
    if (state.busy) return;
    setState({ busy: true });
    try {
      await downloadMoneyCsv(period, view);
      setState({ busy: false });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <a
        href={`${OFFICE_API_BASE_PATH}${moneyCsvPath(period, view)}`}
        download={moneyCsvFilename(period, view)}
        aria-label={t.downloadCsvOf(label)}
        aria-busy={state.busy}
        onClick={(event) => void download(event)}
        className={buttonVariants({ variant: 'secondary', size: 'sm' })}
      >
        {state.busy ? <Spinner /> : <FileDown aria-hidden="true" />}
        {t.downloadCsv}
      </a>
      {state.error !== undefined && (
        <AlertMessage variant="danger">{errorText(state.error, t.downloadFailed)}</AlertMessage>
      )}
    </div>
  );
}

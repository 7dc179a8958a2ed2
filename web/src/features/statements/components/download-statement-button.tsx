import { Download } from 'lucide-react';
import type { StatementSummary } from '@webpay/contracts/statements';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useDownloadStatement } from '../hooks/use-download-statement.ts';
import { statementsMessages } from '../statements.messages.ts';
import { statementName } from '../utils/statement-words.ts';

export interface DownloadStatementButtonProps {
  statement: Pick<StatementSummary, 'id' | 'statementDate'>;
  variant?: ButtonProps['variant'];
  className?: string;
}

export function DownloadStatementButton({
  statement,
  variant = 'secondary',
  className,
}: DownloadStatementButtonProps) {
  const t = useMessages(statementsMessages);
  const language = useLanguage();
  const download = useDownloadStatement(statement);
  const busy = download.isPending;
  return (
    <Button
      type="button"
      variant={variant}
      className={className}
      // Not disabled while busy: a disabled button drops keyboard focus.
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) download.mutate();
      }}
    >
      {busy ? <Spinner /> : <Download aria-hidden="true" />}
      {t.download}
      <span className="sr-only">{t.downloadWhat(statementName(statement, language))}</span>
    </Button>
  );
}

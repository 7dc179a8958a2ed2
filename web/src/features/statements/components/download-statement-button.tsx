import { Download } from 'lucide-react';
import type { StatementSummary } from '@webpay/contracts/statements';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useDownloadStatement } from '../hooks/use-download-statement.ts';
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
      Download PDF<span className="sr-only"> of the {statementName(statement)}</span>
    </Button>
  );
}

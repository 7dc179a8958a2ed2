import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { useBranding, useSupportPhone } from '@/hooks/use-branding.ts';
import { useMessages } from '@/lib/messages.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useStatements } from '../api/get-statements.ts';
import { statementsMessages } from '../statements.messages.ts';
import { StatementsSkeleton } from './statements-skeleton.tsx';
import { StatementsTable } from './statements-table.tsx';

/** /statements: every statement the guarantor was sent, to read again or download. */
export function StatementsPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { portalName, supportEmail } = useBranding();
  const supportPhone = useSupportPhone(session?.user);
  const t = useMessages(statementsMessages);
  useDocumentTitle(t.pageTitle(portalName));

  const statements = useStatements();
  const retry = () => queryClient.resetQueries({ queryKey: queryKeys.statements, exact: true });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.heading}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>

      {statements.isPending ? (
        <StatementsSkeleton />
      ) : statements.isError ? (
        <ErrorScreen
          error={statements.error}
          onRetry={retry}
          supportPhone={supportPhone}
          supportEmail={supportEmail}
        />
      ) : statements.data.statements.length === 0 ? (
        <NoStatements />
      ) : (
        <StatementsTable statements={statements.data.statements} />
      )}
    </div>
  );
}

function NoStatements() {
  const t = useMessages(statementsMessages).empty;
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 pt-5 sm:pt-6">
        <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{t.heading}</h2>
        <p className="text-muted-foreground">{t.body}</p>
        <Button asChild variant="secondary">
          <Link to="/dashboard">{t.action}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

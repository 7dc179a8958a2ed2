import { useState } from 'react';
import type { Case, CaseDocument } from '@webpay/contracts/assistance-application';
import { isOpen } from '@webpay/contracts/assistance-application';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/dialog.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Section, Td, Th } from '../../../components/page-parts.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { openDocument } from '../api/document-link.ts';
import { caseMessages, reviewMessages } from '../assistance.messages.ts';
import { DocumentReviewDialog } from './document-review-dialog.tsx';

type BadgeVariant = 'neutral' | 'success' | 'danger' | 'warning' | 'info';

const DOCUMENT_BADGES: Record<CaseDocument['status'], BadgeVariant> = {
  outstanding: 'warning',
  received: 'info',
  accepted: 'success',
  rejected: 'danger',
  purged: 'neutral',
};

/** A file exists to be shown in these states; an outstanding one has none yet, a purged one no longer. */
const HAS_FILE: readonly CaseDocument['status'][] = ['received', 'accepted', 'rejected'];

/**
 * Each member's documents and where they stand. Reviewers may open a file
 * and accept or reject it; others see the list without the files.
 */
export function DocumentsSection({ application }: { application: Case }) {
  const t = useMessages(caseMessages);
  const review = useMessages(reviewMessages);
  const [viewError, setViewError] = useState<unknown>(null);
  const members = application.answers.members.map((member, index) => ({
    name: member.name,
    documents: application.documents.filter((document) => document.memberIndex === index),
  }));
  return (
    <Section id="documents" title={t.documents}>
      <div className="flex flex-col gap-4">
        {!application.canReview && <p className="text-sm text-muted-foreground">{t.notShown}</p>}
        {viewError !== null && (
          <AlertMessage variant="danger">{errorText(viewError, review.viewFailed)}</AlertMessage>
        )}
        {members.map((member, index) => (
          <div key={`${index}-${member.name}`}>
            <h3 className="mb-1 text-sm font-semibold">{t.documentsOf(member.name)}</h3>
            {member.documents.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t.noDocuments}</p>
            ) : (
              <MemberDocuments
                application={application}
                name={member.name}
                documents={member.documents}
                onViewError={setViewError}
              />
            )}
          </div>
        ))}
      </div>
    </Section>
  );
}

function MemberDocuments({
  application,
  name,
  documents,
  onViewError,
}: {
  application: Case;
  name: string;
  documents: CaseDocument[];
  onViewError: (error: unknown) => void;
}) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  return (
    <Table aria-label={t.documentsOf(name)}>
      <TableHeader>
        <TableRow>
          <Th>{t.kind}</Th>
          <Th>{t.file}</Th>
          <Th>{t.status}</Th>
          <Th>{t.received}</Th>
          {application.canReview && <Th>{t.documentActions}</Th>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {documents.map((document) => (
          <TableRow key={document.id}>
            <Td>
              <CellLabel>{t.kind}</CellLabel>
              {t.kinds[document.kind]}
            </Td>
            <Td className="break-all">
              <CellLabel>{t.file}</CellLabel>
              {document.fileName ?? '—'}
            </Td>
            <Td>
              <CellLabel>{t.status}</CellLabel>
              <DocumentState document={document} />
            </Td>
            <Td className="whitespace-nowrap">
              <CellLabel>{t.received}</CellLabel>
              {document.receivedAt ? format.dateTime(document.receivedAt) : '—'}
            </Td>
            {application.canReview && (
              <Td>
                <CellLabel>{t.documentActions}</CellLabel>
                <DocumentActions
                  application={application}
                  document={document}
                  onViewError={onViewError}
                />
              </Td>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The status, who reviewed it, why it was rejected and the income read from it. */
function DocumentState({ document }: { document: CaseDocument }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  const notes = [
    document.reviewedBy && t.reviewedBy(document.reviewedBy),
    document.rejectReason,
    document.extractedYearlyIncomeCents !== null &&
      t.incomeRead(format.cents(document.extractedYearlyIncomeCents)),
  ].filter((note): note is string => typeof note === 'string' && note !== '');
  return (
    <span className="flex flex-col items-end gap-0.5 md:items-start">
      <Badge variant={DOCUMENT_BADGES[document.status]}>
        {t.documentStatuses[document.status]}
      </Badge>
      {notes.map((note) => (
        <span key={note} className="text-xs text-muted-foreground">
          {note}
        </span>
      ))}
    </span>
  );
}

/** View, and while the application is open and the file unreviewed, Accept and Reject. */
function DocumentActions({
  application,
  document,
  onViewError,
}: {
  application: Case;
  document: CaseDocument;
  onViewError: (error: unknown) => void;
}) {
  const t = useMessages(reviewMessages);
  const [open, setOpen] = useState<'accept' | 'reject' | null>(null);
  const [opening, setOpening] = useState(false);
  const file = document.fileName ?? '';
  const reviewable = document.status === 'received' && isOpen(application.status);
  const view = async () => {
    setOpening(true);
    onViewError(null);
    await openDocument(application.reference, document.id)
      .catch((error: unknown) => onViewError(error))
      .finally(() => setOpening(false));
  };
  if (!HAS_FILE.includes(document.status)) return null;
  return (
    <span className="flex flex-wrap gap-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={opening}
        aria-busy={opening}
        onClick={() => void view()}
        aria-label={t.viewDocument(file)}
      >
        {t.view}
      </Button>
      {reviewable &&
        (['accept', 'reject'] as const).map((decision) => (
          <Dialog
            key={decision}
            open={open === decision}
            onOpenChange={(isOpen) => setOpen(isOpen ? decision : null)}
          >
            <DialogTrigger asChild>
              <Button
                variant="secondary"
                size="sm"
                aria-label={decision === 'accept' ? t.acceptDocument(file) : t.rejectDocument(file)}
              >
                {decision === 'accept' ? t.accept : t.reject}
              </Button>
            </DialogTrigger>
            {open === decision && (
              <DocumentReviewDialog
                reference={application.reference}
                document={document}
                accepted={decision === 'accept'}
                onDone={() => setOpen(null)}
              />
            )}
          </Dialog>
        ))}
    </span>
  );
}

import type {
  ApplicationAccount,
  ApplicationDocument,
  Hold,
  Letter,
  TimelineEntry,
  Tracker,
} from '@webpay/contracts/assistance-application';
import type {
  ApplicationRow,
  CoveredAccount,
  DocumentRow,
  EventRow,
  LetterRow,
} from './application.repository.ts';

/*
 * Rows as the guarantor's tracker shows them. The office's entries never
 * name a staff member here ("the billing office"); the case page adds them.
 */

export function accountView(account: CoveredAccount): ApplicationAccount {
  return {
    facilityId: account.facilityId,
    accountNumber: account.accountNumber,
    patientName: account.patientName,
    serviceDate: account.serviceDate,
    balanceCents: account.balanceAtApplicationCents,
    adjustmentCents: account.adjustmentCents,
    adjustmentStatus: account.adjustmentStatus,
  };
}

export function documentView(row: DocumentRow): ApplicationDocument {
  return {
    id: row.id,
    memberIndex: row.memberIndex,
    kind: row.kind,
    status: row.status,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
  };
}

export function timelineView(row: EventRow): TimelineEntry {
  return {
    at: row.at.toISOString(),
    kind: row.kind,
    status: row.status,
    author: row.author,
    text: row.text,
  };
}

export function letterView(row: LetterRow): Letter {
  return {
    id: row.id,
    kind: row.kind,
    language: row.language,
    subject: row.subject,
    body: row.body,
    sentAt: row.sentAt.toISOString(),
  };
}

/**
 * What the office asked for and by when, only while the application waits
 * for it: the row keeps the last request after the answer, for the record.
 */
export function informationRequestView(
  row: Pick<ApplicationRow, 'status' | 'requestedItems' | 'informationDueOn'>,
) {
  const waiting = row.status === 'need_information';
  return {
    requestedItems: waiting ? row.requestedItems : [],
    informationDueOn: waiting ? row.informationDueOn : null,
  };
}

/** The hold as its row records it: every decision and overdue release sets when and why. */
export function holdView(row: ApplicationRow): Hold {
  return {
    active: row.holdReleasedAt === null,
    keepPaying: row.keepPaying,
    releasedAt: row.holdReleasedAt?.toISOString() ?? null,
    releaseReason: row.holdReleaseReason,
  };
}

export interface ApplicationParts {
  row: ApplicationRow;
  accounts: CoveredAccount[];
  documents: DocumentRow[];
  events: (EventRow & { staffName: string | null })[];
  letters: LetterRow[];
}

export function trackerView({
  row,
  accounts,
  documents,
  events,
  letters,
}: ApplicationParts): Tracker {
  const decision = row.decision;
  return {
    reference: row.reference,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    facilityId: row.facilityId,
    ...informationRequestView(row),
    accounts: accounts.map(accountView),
    members: row.answers.members.map(({ name, relationship }) => ({ name, relationship })),
    documents: documents.map(documentView),
    timeline: events.map(timelineView),
    letters: letters.map(letterView),
    hold: holdView(row),
    decision: decision
      ? {
          discountPercent: decision.discountPercent,
          totalAdjustmentCents: decision.totalAdjustmentCents,
          refundCents: decision.refundCents,
          reason: decision.reason,
        }
      : null,
  };
}

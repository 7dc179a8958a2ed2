import {
  OPEN_STATUSES,
  type Case,
  type DocumentLink,
  type DocumentReview,
  type Queue,
  type QueueQuery,
  type RequestInformation,
} from '@webpay/contracts/assistance-application';
import { ASSISTANCE_REVIEW_PATHS } from '@webpay/contracts/assistance-application';
import { DOCUMENT_LINK_SECONDS } from '@webpay/contracts/assistance-application';
import { addDays } from '@webpay/contracts/dates';
import { policyOf, type AssistanceConfiguration } from '@webpay/contracts/financial-assistance';
import { OFFICE_API_BASE_PATH } from '@webpay/contracts/office';
import { apiErrors } from '../../lib/api-error.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { assess } from './assessment.ts';
import { assistanceErrors } from './assistance-errors.ts';
import type { ApplicationRow } from './application.repository.ts';
import type { DocumentIntake } from './document-intake.ts';
import { caseRefundView, type RefundDesk } from './refund-desk.ts';
import { caseView, queueItemView } from './review-view.ts';
import { canReview, type AssistanceSteps, type Reviewer } from './assistance-steps.ts';

/*
 * The billing office's review of financial assistance (issue #27): the
 * queue, the case page, starting a review, asking for information,
 * messages and the documents. Every look is audited; documents are for the
 * reviewer role only, through links that live DOCUMENT_LINK_SECONDS.
 */

/** A document's file as its link serves it. */
export interface DocumentFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

export class ReviewService {
  constructor(
    private readonly steps: AssistanceSteps,
    private readonly configuration: AssistanceConfiguration,
    private readonly calendar: Pick<FacilityCalendar, 'dayOf'>,
    private readonly intake: DocumentIntake,
    private readonly staffRole: (staffId: string) => Promise<Reviewer | undefined>,
    private readonly refunds: Pick<RefundDesk, 'ofApplication'>,
  ) {}

  private get repository() {
    return this.steps.repository;
  }

  async queue(query: QueueQuery, staff: Reviewer, context: RequestContext): Promise<Queue> {
    const statuses = query.status === 'open' ? [...OPEN_STATUSES] : [query.status];
    const rows = await this.repository.queue({ statuses, facilityId: query.facilityId });
    const today = this.calendar.dayOf();
    await this.steps.audit(context, staff, 'assistance.queue_read', undefined, {
      status: query.status,
      facilityId: query.facilityId ?? null,
      applications: rows.length,
    });
    return {
      items: rows.map((row) =>
        queueItemView(row, today, this.calendar.dayOf(row.application.submittedAt)),
      ),
    };
  }

  async case(reference: string, staff: Reviewer, context: RequestContext): Promise<Case> {
    const row = await this.steps.byReference(reference);
    await this.steps.audit(context, staff, 'assistance.case_read', row);
    return this.caseOf(row, staff);
  }

  /** The case page; `assessment` when the caller already worked it out for this row. */
  async caseOf(
    row: ApplicationRow,
    staff: Reviewer,
    assessment = this.assessmentOf(row),
  ): Promise<Case> {
    const [accounts, documents, events, letters, applicant, facilityName, refunds] =
      await Promise.all([
        this.repository.accounts(row.id),
        this.repository.documents(row.id),
        this.repository.events(row.id),
        this.repository.letters(row.id),
        this.repository.applicant(row.guarantorId),
        this.repository.facilityName(row.facilityId),
        // Only an approval leaves refund requests on the payment desk.
        row.status === 'approved' ? this.refunds.ofApplication(row.id) : [],
      ]);
    if (!applicant) throw assistanceErrors.applicationNotFound();
    const first = row.firstApproval ? await this.staffRole(row.firstApproval.staffId) : undefined;
    return caseView({
      parts: { row, accounts, documents, events, letters },
      applicant,
      facilityName,
      assessment,
      firstApproverName: first?.name ?? null,
      refunds: refunds.map(caseRefundView),
      canReview: canReview(staff),
    });
  }

  assessmentOf(row: ApplicationRow) {
    const policy = policyOf(this.configuration, row.facilityId);
    return assess(
      this.configuration.guidelines,
      policy,
      row.answers,
      this.calendar.dayOf(row.submittedAt),
    );
  }

  async startReview(reference: string, staff: Reviewer, context: RequestContext): Promise<Case> {
    const row = await this.steps.byReference(reference);
    const moved = await this.steps.db.transaction(async (tx) => {
      const repository = this.repository.with(tx);
      const next = await repository.move(row.id, ['submitted'], { status: 'in_review' });
      if (!next) return undefined;
      await repository.addEvent({
        applicationId: row.id,
        kind: 'status',
        status: 'in_review',
        author: 'office',
        staffId: staff.staffId,
      });
      await this.steps.audit(context, staff, 'assistance.review_started', row, {}, tx);
      await this.steps.tell(tx, row.id, { type: 'in_review' });
      return next;
    });
    if (!moved) throw assistanceErrors.notOpen(row.status);
    return this.caseOf(moved, staff);
  }

  async requestInformation(
    reference: string,
    body: RequestInformation,
    staff: Reviewer,
    context: RequestContext,
  ): Promise<Case> {
    const row = await this.steps.byReference(reference);
    const policy = policyOf(this.configuration, row.facilityId);
    const dueOn = body.dueOn ?? addDays(this.calendar.dayOf(), policy.rules.missingDocumentsDays);
    const moved = await this.steps.db.transaction(async (tx) => {
      const repository = this.repository.with(tx);
      const next = await repository.move(row.id, [...OPEN_STATUSES], {
        status: 'need_information',
        requestedItems: body.items,
        informationDueOn: dueOn,
      });
      if (!next) return undefined;
      await repository.addEvent({
        applicationId: row.id,
        kind: 'status',
        status: 'need_information',
        author: 'office',
        staffId: staff.staffId,
        text: body.items.join('\n'),
      });
      if (body.message) {
        await repository.addEvent({
          applicationId: row.id,
          kind: 'message',
          author: 'office',
          staffId: staff.staffId,
          text: body.message,
        });
      }
      await this.steps.audit(
        context,
        staff,
        'assistance.information_requested',
        row,
        {
          items: body.items.length,
          dueOn,
        },
        tx,
      );
      await this.steps.tell(tx, row.id, {
        type: 'information_requested',
        items: body.items,
        dueOn,
      });
      return next;
    });
    if (!moved) throw assistanceErrors.notOpen(row.status);
    return this.caseOf(moved, staff);
  }

  async message(reference: string, text: string, staff: Reviewer, context: RequestContext) {
    const row = await this.steps.byReference(reference);
    await this.steps.db.transaction(async (tx) => {
      await this.repository.with(tx).addEvent({
        applicationId: row.id,
        kind: 'message',
        author: 'office',
        staffId: staff.staffId,
        text,
      });
      await this.steps.audit(context, staff, 'assistance.message_sent', row, {}, tx);
      await this.steps.tell(tx, row.id, { type: 'message' });
    });
    return this.caseOf(row, staff);
  }

  async reviewDocument(
    reference: string,
    documentId: string,
    review: DocumentReview,
    staff: Reviewer,
    context: RequestContext,
  ): Promise<Case> {
    const row = await this.steps.byReference(reference);
    const document = await this.repository.document(row.id, documentId);
    if (!document || document.status === 'outstanding' || document.status === 'purged') {
      throw assistanceErrors.documentNotFound();
    }
    await this.steps.db.transaction(async (tx) => {
      await this.repository.with(tx).reviewDocument(documentId, {
        status: review.accepted ? 'accepted' : 'rejected',
        rejectReason: review.accepted ? null : (review.reason ?? null),
        extractedYearlyIncomeCents: review.extractedYearlyIncomeCents ?? null,
        reviewedBy: staff.staffId,
        reviewedAt: new Date(),
      });
      await this.steps.audit(
        context,
        staff,
        'assistance.document_reviewed',
        row,
        {
          documentId,
          accepted: review.accepted,
        },
        tx,
      );
    });
    return this.caseOf(row, staff);
  }

  /** A link to one document for the reviewer asking; audited. */
  async documentLink(
    reference: string,
    documentId: string,
    staff: Reviewer,
    context: RequestContext,
  ): Promise<DocumentLink> {
    const row = await this.steps.byReference(reference);
    const document = await this.repository.document(row.id, documentId);
    if (!document?.sealed) throw assistanceErrors.documentNotFound();
    const now = new Date();
    const token = await this.intake.link({ documentId, staffId: staff.staffId }, now);
    await this.steps.audit(context, staff, 'assistance.document_link', row, { documentId });
    return {
      url: `${OFFICE_API_BASE_PATH}${ASSISTANCE_REVIEW_PATHS.documentFile(token)}`,
      expiresAt: new Date(now.getTime() + DOCUMENT_LINK_SECONDS * 1000).toISOString(),
    };
  }

  /**
   * The file a link names, for its staff member while they are still an
   * active reviewer; every view audited. Anything else is not found, alike.
   */
  async documentFile(token: string, context: RequestContext): Promise<DocumentFile> {
    const claims = await this.intake.readLink(token, new Date());
    const staff = claims ? await this.staffRole(claims.staffId) : undefined;
    const document = claims ? await this.repository.documentById(claims.documentId) : undefined;
    if (!claims || !staff || !canReview(staff) || !document?.sealed || !document.keyId) {
      throw apiErrors.notFound((m) => m.titles.notFound);
    }
    const row = await this.repository.byId(document.applicationId);
    await this.steps.audit(context, staff, 'assistance.document_viewed', row, {
      documentId: document.id,
      sha256: document.sha256,
    });
    return {
      bytes: this.intake.open(document.id, document.sealed, document.keyId),
      contentType: document.contentType ?? 'application/octet-stream',
      fileName: document.fileName ?? 'document',
    };
  }
}

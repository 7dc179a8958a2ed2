import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  type ApplicationDocument,
  type ApplicationList,
  type SubmitApplication,
  type Tracker,
  type UploadDocumentQuery,
} from '@webpay/contracts/assistance-application';
import { householdYearlyIncome, isOpen } from '@webpay/contracts/assistance-application';
import { addDays } from '@webpay/contracts/dates';
import { policyOf, type AssistanceConfiguration } from '@webpay/contracts/financial-assistance';
import { DEFAULT_LANGUAGE } from '@webpay/contracts/language';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { AuditRepository } from '../audit/index.ts';
import { assistanceErrors } from './assistance-errors.ts';
import type { AssistanceSteps } from './assistance-steps.ts';
import { documentView, trackerView } from './application-view.ts';
import {
  type ApplicationRepository,
  type ApplicationRow,
  type NewDocument,
  type OpenAccount,
} from './application.repository.ts';
import type { DocumentIntake } from './document-intake.ts';
import { spokenCharacters } from '../../lib/spoken-reference.ts';

/*
 * A guarantor's side of financial assistance (issue #27): the application
 * sent with its signature, the documents that follow it, messages, and the
 * answer to a request for information. Each step writes its rows, its
 * timeline entry, its audit row and its notice in one transaction.
 */

/** The caller: a signed-in guarantor. */
export interface AssistanceCaller {
  guarantorId: string;
}

/** `FA-7KQ2M9XD`: read aloud on the phone, as receipts and plans are. */
export function newReference(): string {
  return `FA-${spokenCharacters(8)}`;
}

const USER_AGENT_MAX = 512;

const accountKey = (ref: { facilityId: string; accountNumber: string }) =>
  `${ref.facilityId}-${ref.accountNumber}`;

/** The accounts asked for among the open ones, in the order sent; refusals name each bad one. */
function chosenAccounts(
  open: readonly OpenAccount[],
  wanted: SubmitApplication['answers']['accounts'],
): OpenAccount[] {
  const byKey = new Map(open.map((account) => [accountKey(account), account]));
  const seen = new Set<string>();
  const missing: { index: number; account: string }[] = [];
  const chosen: OpenAccount[] = [];
  wanted.forEach((ref, index) => {
    const key = accountKey(ref);
    if (seen.has(key)) throw assistanceErrors.accountTwice(index, key);
    seen.add(key);
    const account = byKey.get(key);
    if (account) chosen.push(account);
    else missing.push({ index, account: key });
  });
  if (missing.length > 0) throw assistanceErrors.accountNotOpen(missing);
  return chosen;
}

/**
 * One outstanding proof of income per member with income: sent later, or
 * uploaded right after the application (an upload that never arrives
 * stays outstanding on the tracker, to be sent from there).
 */
function outstandingDocuments(applicationId: string, body: SubmitApplication): NewDocument[] {
  return body.answers.members.flatMap((member, memberIndex) =>
    member.documents !== 'no_income'
      ? [
          {
            id: randomUUID(),
            applicationId,
            memberIndex,
            kind: 'income' as const,
            status: 'outstanding' as const,
          },
        ]
      : [],
  );
}

export class ApplicationService {
  private readonly repository: ApplicationRepository;

  private readonly db: Database;

  constructor(
    private readonly steps: AssistanceSteps,
    private readonly configuration: AssistanceConfiguration,
    private readonly calendar: Pick<FacilityCalendar, 'dayOf'>,
    private readonly intake: DocumentIntake,
  ) {
    this.db = steps.db;
    this.repository = steps.repository;
  }

  async list(caller: AssistanceCaller, context: RequestContext): Promise<ApplicationList> {
    const [rows, open, applicant] = await Promise.all([
      this.repository.list(caller.guarantorId),
      this.repository.openAccounts(caller.guarantorId),
      this.repository.applicant(caller.guarantorId),
    ]);
    const balances = await this.repository.balancesAtApplication(rows.map((row) => row.id));
    await this.audit(context, caller, 'assistance.applications_read', undefined, {
      applications: rows.length,
    });
    return {
      applications: rows.map((row) => ({
        reference: row.reference,
        status: row.status,
        submittedAt: row.submittedAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        totalBalanceCents: balances.get(row.id) ?? 0,
      })),
      canApply: !rows.some((row) => isOpen(row.status)),
      assetTest: policyOf(this.configuration, open[0]?.facilityId).rules.assetTest,
      openAccounts: open.map(({ encounterId: _id, ...account }) => account),
      applicantName: applicant ? `${applicant.firstName} ${applicant.lastName}` : '',
    };
  }

  async submit(
    caller: AssistanceCaller,
    idempotencyKey: string,
    body: SubmitApplication,
    origin: { userAgent: string | null },
    context: RequestContext,
  ): Promise<Tracker> {
    const earlier = await this.repository.byKey(caller.guarantorId, idempotencyKey);
    if (earlier) return this.replay(earlier, body, context);
    const open = await this.repository.openOf(caller.guarantorId);
    if (open) throw assistanceErrors.alreadyOpen(open.reference);

    const chosen = chosenAccounts(
      await this.repository.openAccounts(caller.guarantorId),
      body.answers.accounts,
    );
    const facilityId = chosen[0]?.facilityId ?? '';
    const policy = policyOf(this.configuration, facilityId);
    if (policy.rules.assetTest !== (body.answers.assets !== undefined)) {
      throw assistanceErrors.assets(policy.rules.assetTest);
    }
    const application = await this.newApplication(caller, idempotencyKey, body, chosen, {
      ...origin,
      context,
      windowDays: policy.rules.applicationWindowDays,
    });
    try {
      await this.db.transaction(async (tx) => {
        const repository = this.repository.with(tx);
        await repository.insert(
          application,
          chosen.map((account) => ({
            id: randomUUID(),
            encounterId: account.encounterId,
            balanceCents: account.balanceCents,
          })),
          outstandingDocuments(application.id, body),
        );
        await repository.addEvent({
          applicationId: application.id,
          kind: 'status',
          status: 'submitted',
          author: 'guarantor',
        });
        await this.audit(
          context,
          caller,
          'assistance.submitted',
          application.id,
          {
            reference: application.reference,
            accounts: chosen.length,
            householdSize: application.householdSize,
            keepPaying: body.keepPaying,
          },
          tx,
        );
        await this.steps.tell(tx, application.id, { type: 'submitted' });
      });
    } catch (error) {
      return this.sentMeanwhile(error, caller, idempotencyKey, body, context);
    }
    return this.tracker(caller, application.reference, context);
  }

  /** The application's row as it is sent: the answers word for word, the signature and the window. */
  private async newApplication(
    caller: AssistanceCaller,
    idempotencyKey: string,
    body: SubmitApplication,
    chosen: readonly OpenAccount[],
    origin: { userAgent: string | null; context: RequestContext; windowDays: number },
  ) {
    const { context } = origin;
    const today = this.calendar.dayOf();
    return {
      id: randomUUID(),
      reference: await this.freshReference(),
      guarantorId: caller.guarantorId,
      facilityId: chosen[0]?.facilityId ?? '',
      status: 'submitted' as const,
      answers: body.answers,
      region: body.answers.region,
      householdSize: body.answers.members.length,
      yearlyIncomeCents: householdYearlyIncome(body.answers.members),
      keepPaying: body.keepPaying,
      signatureName: body.signature,
      signedAt: new Date(),
      signedIp: context.ipAddress,
      signedUserAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      language: context.language ?? DEFAULT_LANGUAGE,
      windowEndsOn: await this.windowEnd(caller.guarantorId, chosen, origin.windowDays, today),
      idempotencyKey,
      submittedAt: new Date(),
    };
  }

  /** The last day of the window: the policy's days from the first statement after the care. */
  private async windowEnd(
    guarantorId: string,
    chosen: readonly OpenAccount[],
    windowDays: number,
    today: string,
  ): Promise<string> {
    const earliest = chosen
      .map((account) => account.serviceDate)
      .filter((day): day is string => day !== null)
      .sort()[0];
    const statement = earliest
      ? await this.repository.firstStatementFrom(guarantorId, earliest)
      : undefined;
    return addDays(statement ?? today, windowDays);
  }

  async tracker(
    caller: AssistanceCaller,
    reference: string,
    context: RequestContext,
  ): Promise<Tracker> {
    const row = await this.own(caller, reference);
    await this.audit(context, caller, 'assistance.read', row.id, { reference });
    return trackerView(await this.parts(row));
  }

  async upload(
    caller: AssistanceCaller,
    reference: string,
    query: UploadDocumentQuery,
    file: { bytes: Buffer; contentType: string | undefined },
    context: RequestContext,
  ): Promise<ApplicationDocument> {
    const row = await this.own(caller, reference);
    if (!isOpen(row.status)) throw assistanceErrors.notOpen(row.status);
    if (query.memberIndex >= row.answers.members.length) {
      throw assistanceErrors.memberNotFound(query.memberIndex);
    }
    const outstanding = query.documentId
      ? await this.repository.document(row.id, query.documentId)
      : await this.repository.outstandingFor(row.id, query.memberIndex, query.kind);
    if (query.documentId && !outstanding) throw assistanceErrors.documentNotFound();
    if (outstanding && outstanding.status !== 'outstanding') {
      throw assistanceErrors.documentNotOutstanding();
    }
    const id = outstanding?.id ?? randomUUID();
    const taken = this.intake.take(id, file.bytes, file.contentType);
    if ('refused' in taken) {
      await this.audit(
        context,
        caller,
        'assistance.document_refused',
        row.id,
        {
          reference,
          declaredType: file.contentType ?? null,
          sizeBytes: file.bytes.length,
        },
        undefined,
        'failure',
      );
      throw assistanceErrors.documentRefused(taken.refused);
    }
    const stored = {
      status: 'received' as const,
      memberIndex: query.memberIndex,
      kind: query.kind,
      fileName: query.fileName,
      contentType: taken.contentType,
      sizeBytes: taken.sizeBytes,
      sha256: taken.sha256,
      sealed: taken.sealed,
      keyId: taken.keyId,
      receivedAt: new Date(),
    };
    await this.db.transaction(async (tx) => {
      const repository = this.repository.with(tx);
      if (outstanding) {
        if (!(await repository.fillDocument(id, stored))) {
          throw assistanceErrors.documentNotOutstanding();
        }
      } else {
        await repository.insertDocument({ id, applicationId: row.id, ...stored });
      }
      await this.audit(
        context,
        caller,
        'assistance.document_added',
        row.id,
        {
          reference,
          documentId: id,
          kind: query.kind,
          contentType: taken.contentType,
          sizeBytes: taken.sizeBytes,
          sha256: taken.sha256,
        },
        tx,
      );
    });
    const document = await this.repository.document(row.id, id);
    if (!document) throw assistanceErrors.documentNotFound();
    return documentView(document);
  }

  async message(
    caller: AssistanceCaller,
    reference: string,
    text: string,
    context: RequestContext,
  ): Promise<Tracker> {
    const row = await this.own(caller, reference);
    if (!isOpen(row.status)) throw assistanceErrors.notOpen(row.status);
    await this.db.transaction(async (tx) => {
      await this.repository.with(tx).addEvent({
        applicationId: row.id,
        kind: 'message',
        author: 'guarantor',
        text,
      });
      await this.audit(context, caller, 'assistance.message_sent', row.id, { reference }, tx);
    });
    return this.tracker(caller, reference, context);
  }

  /** The requested information is sent: back in review, with the guarantor's words if any. */
  async reply(
    caller: AssistanceCaller,
    reference: string,
    text: string,
    context: RequestContext,
  ): Promise<Tracker> {
    const row = await this.own(caller, reference);
    if (row.status !== 'need_information') throw assistanceErrors.notWaiting();
    await this.db.transaction(async (tx) => {
      const repository = this.repository.with(tx);
      const moved = await repository.move(row.id, ['need_information'], {
        status: 'in_review',
        informationDueOn: null,
      });
      if (!moved) throw assistanceErrors.notWaiting();
      if (text) {
        await repository.addEvent({
          applicationId: row.id,
          kind: 'message',
          author: 'guarantor',
          text,
        });
      }
      await repository.addEvent({
        applicationId: row.id,
        kind: 'status',
        status: 'in_review',
        author: 'guarantor',
      });
      await this.audit(context, caller, 'assistance.information_sent', row.id, { reference }, tx);
      await this.steps.tell(tx, row.id, { type: 'in_review' });
    });
    return this.tracker(caller, reference, context);
  }

  /** The guarantor's own application; anyone else's is not found, alike. */
  private async own(caller: AssistanceCaller, reference: string): Promise<ApplicationRow> {
    const row = await this.repository.byReference(reference, caller.guarantorId);
    if (!row) throw assistanceErrors.applicationNotFound();
    return row;
  }

  private async parts(row: ApplicationRow) {
    const [accounts, documents, events, letters] = await Promise.all([
      this.repository.accounts(row.id),
      this.repository.documents(row.id),
      this.repository.events(row.id),
      this.repository.letters(row.id),
    ]);
    return { row, accounts, documents, events, letters };
  }

  private async replay(
    stored: ApplicationRow,
    body: SubmitApplication,
    context: RequestContext,
  ): Promise<Tracker> {
    const same =
      // The stored answers come back from jsonb with their keys in its order.
      isDeepStrictEqual(stored.answers, body.answers) &&
      stored.signatureName === body.signature &&
      stored.keepPaying === body.keepPaying;
    if (!same) throw assistanceErrors.keyReused();
    return this.tracker({ guarantorId: stored.guarantorId }, stored.reference, context);
  }

  /** After a refused write: the application a concurrent request with the same key sent, or why not. */
  private async sentMeanwhile(
    error: unknown,
    caller: AssistanceCaller,
    idempotencyKey: string,
    body: SubmitApplication,
    context: RequestContext,
  ): Promise<Tracker> {
    const winner = await this.repository.byKey(caller.guarantorId, idempotencyKey);
    if (winner) return this.replay(winner, body, context);
    if (isUniqueViolation(error, 'assistance_applications_one_open_key')) {
      const open = await this.repository.openOf(caller.guarantorId);
      throw assistanceErrors.alreadyOpen(open?.reference ?? '');
    }
    throw error;
  }

  private async freshReference(): Promise<string> {
    let reference = newReference();
    while (await this.repository.referenceTaken(reference)) reference = newReference();
    return reference;
  }

  private async audit(
    context: RequestContext,
    caller: AssistanceCaller,
    action: string,
    applicationId: string | undefined,
    details: Record<string, unknown>,
    tx?: Transaction,
    outcome: 'success' | 'failure' = 'success',
  ): Promise<void> {
    await new AuditRepository(tx ?? this.db).record(context, {
      action,
      outcome,
      actorType: 'guarantor',
      actorId: caller.guarantorId,
      guarantorId: caller.guarantorId,
      targetType: 'assistance_application',
      targetId: applicationId ?? null,
      details,
    });
  }
}

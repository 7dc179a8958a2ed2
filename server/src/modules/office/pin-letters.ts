import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pinLetters } from '../../db/schema.ts';
import type { Language } from '@webpay/contracts/language';
import { apiErrors } from '../../lib/api-error.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sealText, unsealText } from '../../lib/sealed-text.ts';
import type { AuditRepository } from '../audit/index.ts';
import { StatementPinsService, type IssuedPin } from '../statement-pins/index.ts';
import { renderPinLetterPdf } from '../statements/index.ts';
import type { GuarantorRow } from './guarantor-page.repository.ts';
import { guarantorNotFound } from './guarantor-page.service.ts';
import { OFFICE_MESSAGES } from './office-messages.ts';
import type { StaffActor } from './staff-actor.ts';
import type { PinIssuer } from './support-actions.service.ts';

/** A letter not printed within a day is gone; the office issues another PIN. */
const LETTER_LIFETIME_HOURS = 24;

export interface PinLettersOptions {
  /** 32 bytes, hex. */
  key: string;
  providerName: string;
  portalName: string;
  /** The facility's days: the letter is dated on one. */
  calendar: FacilityCalendar;
}

/** What a sealed letter holds: the PIN and what is printed around it. */
interface SealedLetter extends IssuedPin {
  language: Language;
}

/**
 * New statement PINs issued one at a time from the console, as `webpay
 * issue-pins` issues them in bulk (statement-pins), with a letter to print
 * instead of a file for the printing vendor. The letter is written, sealed,
 * before the PIN changes and marked ready once it has; fetching it deletes
 * it, so the PIN is shown once.
 */
export class PinLetters implements PinIssuer {
  private readonly pins: StatementPinsService;

  constructor(
    private readonly db: Database,
    private readonly audit: AuditRepository,
    private readonly options: PinLettersOptions,
  ) {
    this.pins = new StatementPinsService(db);
  }

  async issueFor(
    guarantor: GuarantorRow,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<string> {
    const letterId = randomUUID();
    const plan = await this.pins.plan({
      accountNumbers: [guarantor.accountNumber],
      withoutPinOnly: false,
    });
    await this.pins.issue(
      plan.guarantors,
      {
        fileName: `pin-letter:${letterId}`,
        actor: { actorType: 'staff', actorId: actor.staffId },
        stage: async ([pin]) => {
          if (!pin) throw guarantorNotFound();
          await this.db.insert(pinLetters).values({
            id: letterId,
            guarantorId: guarantor.id,
            sealed: sealText(
              this.options.key,
              JSON.stringify({
                ...pin,
                language: guarantor.preferredLanguage,
              } satisfies SealedLetter),
            ),
            issuedAt: pin.issuedAt,
          });
          const letter = and(eq(pinLetters.id, letterId), eq(pinLetters.ready, false));
          return {
            stagedPath: `pin_letters/${letterId}`,
            publish: async () => {
              await this.db.update(pinLetters).set({ ready: true }).where(letter);
            },
            discard: async () => {
              await this.db.delete(pinLetters).where(letter);
            },
          };
        },
      },
      context,
    );
    return letterId;
  }

  /**
   * Deletes letters nobody printed within their day, and letters whose PIN
   * never took effect: a PIN must not wait in the database for a printer.
   */
  async purgeExpired(): Promise<number> {
    const purged = await this.db
      .delete(pinLetters)
      .where(
        lte(pinLetters.createdAt, sql`now() - make_interval(hours => ${LETTER_LIFETIME_HOURS})`),
      )
      .returning({ id: pinLetters.id });
    return purged.length;
  }

  /** The letter as a PDF, once: the row goes as it is read. 404 when gone, printed or expired. */
  async print(
    guarantorId: string,
    letterId: string,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<{ filename: string; bytes: Uint8Array }> {
    const [row] = await this.db
      .delete(pinLetters)
      .where(
        and(
          eq(pinLetters.id, letterId),
          eq(pinLetters.guarantorId, guarantorId),
          eq(pinLetters.ready, true),
          gt(pinLetters.createdAt, sql`now() - make_interval(hours => ${LETTER_LIFETIME_HOURS})`),
        ),
      )
      .returning({ sealed: pinLetters.sealed });
    await this.audit.record(context, {
      action: 'office.pin_letter.printed',
      outcome: row ? 'success' : 'failure',
      actorType: 'staff',
      actorId: actor.staffId,
      guarantorId,
      targetType: 'pin_letter',
      targetId: letterId,
      ...(row ? {} : { details: { reason: 'not_found' } }),
    });
    if (!row) {
      throw apiErrors.notFound((_, language) => OFFICE_MESSAGES[language].pinLetterGone);
    }
    const letter = JSON.parse(unsealText(this.options.key, row.sealed)) as SealedLetter;
    const bytes = await renderPinLetterPdf({
      providerName: this.options.providerName,
      portalName: this.options.portalName,
      guarantorName: `${letter.firstName} ${letter.lastName}`.trim(),
      accountNumber: letter.accountNumber,
      pin: letter.pin,
      issuedOn: this.options.calendar.dayOf(new Date(letter.issuedAt)),
      language: letter.language,
    });
    return { filename: `pin-letter-${letter.accountNumber}.pdf`, bytes };
  }
}

import type { z } from 'zod';
import {
  storedCredentialConsentText,
  type PaymentMethod,
  type PaymentMethodKind,
  type PaymentMethodList,
  type bankAccountRequestSchema,
  type removeMethodRequestSchema,
} from '@webpay/contracts/payment-methods';
import { DEFAULT_LANGUAGE, type Language } from '@webpay/contracts/language';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import { sealBankAccount, type PaymentMethodKey } from '../../lib/payment-method-keys.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { bankAccountFingerprint } from '../../lib/secrets.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { AuthService, AuthSession, SessionReadSpec, SignedInRead } from '../auth/index.ts';
import type { MailLog } from '../mail/index.ts';
import { CardMethods } from './card-methods.ts';
import { methodErrors } from './method-errors.ts';
import { methodView, usesShown } from './method-view.ts';
import {
  listedMethod,
  savedMethodsJson,
  usesByMethod,
  type AcceptedConsent,
  type NewMethod,
  type PaymentMethodRow,
  type PaymentMethodsRepository,
  type SaveLinks,
  type SavedMethodsJson,
} from './payment-methods.repository.ts';
import type { PaymentMethodProcessor } from './processor.ts';

export type BankAccountBody = z.output<typeof bankAccountRequestSchema>;
export type RemoveBody = z.output<typeof removeMethodRequestSchema>;

/** The request a method change comes from; the user agent is kept with a consent. */
export interface MethodContext extends RequestContext {
  userAgent?: string | null;
}

export interface PaymentMethodsOptions {
  keyring: readonly PaymentMethodKey[];
  /** The key of bank-account fingerprints (the same as eCheck payments'). */
  bankFingerprintKey: string;
  /** WEBPAY_PROVIDER_NAME: who the consent authorizes. */
  payee: string;
  fallbackSupportPhone: string;
  calendar: FacilityCalendar;
}

export type MethodLog = Pick<MailLog, 'warn'>;

type Actor = { kind: 'guarantor' } | { kind: 'system' };

/**
 * GET /payment-methods in one statement with the session check and its
 * audit row (auth's session-read.ts).
 */
const SAVED_METHODS_READ: SessionReadSpec = {
  name: 'payment_methods_read',
  payload: savedMethodsJson,
  action: 'payment_methods.read',
};

/**
 * Saved payment methods: the guarantor's list, bank accounts, the default
 * and removal. Cards are added by CardMethods (the processor's window, or
 * while paying); both save through `saveMethod`, with the consent checked
 * word for word and kept beside the method.
 */
export class PaymentMethodsService {
  private readonly cards: CardMethods;
  private readonly readSaved: SignedInRead<SavedMethodsJson>;

  constructor(
    private readonly repository: PaymentMethodsRepository,
    private readonly processor: PaymentMethodProcessor,
    private readonly audit: AuditRepository,
    private readonly options: PaymentMethodsOptions,
    private readonly log: MethodLog,
    /** Where the guarantor's one-trip reads are made. */
    signedIn: Pick<AuthService, 'signedInRead'>,
  ) {
    this.cards = new CardMethods(this, repository, processor);
    this.readSaved = signedIn.signedInRead(SAVED_METHODS_READ);
  }

  /** Opens the processor's window to add a card (POST /payment-methods/card). */
  startCardSetup(...args: Parameters<CardMethods['startSetup']>) {
    return this.cards.startSetup(...args);
  }

  /** Checks the window's answer with the processor and saves the card. */
  completeCardSetup(...args: Parameters<CardMethods['completeSetup']>) {
    return this.cards.completeSetup(...args);
  }

  /** Saves the card of a recorded payment whose payer asked for it; never throws. */
  saveFromPayment(...args: Parameters<CardMethods['saveFromPayment']>) {
    return this.cards.saveFromPayment(...args);
  }

  /** The guarantor's live methods, default first, with what uses each. */
  async listFor(guarantorId: string): Promise<PaymentMethod[]> {
    return this.listed(await this.repository.savedMethods(guarantorId));
  }

  /** GET /payment-methods: the token's guarantor's methods, read with the session check. */
  readonly list: SignedInRead<PaymentMethodList> = async (token, context) => {
    const { session, payload } = await this.readSaved(token, context);
    return { session, payload: { methods: this.listed(payload) } };
  };

  private listed(saved: SavedMethodsJson): PaymentMethod[] {
    const uses = usesByMethod(saved.uses);
    const today = this.options.calendar.dayOf();
    return saved.methods.map((json) => methodView(listedMethod(json), uses.get(json.id), today));
  }

  async viewOf(row: PaymentMethodRow): Promise<PaymentMethod> {
    const uses = await this.repository.usesOf(row.guarantorId);
    return methodView(row, uses.get(row.id), this.options.calendar.dayOf());
  }

  /** The consent a guarantor must have accepted to store a method of `kind`, in `language`. */
  async consentText(guarantorId: string, kind: PaymentMethodKind, language: Language) {
    const phone =
      (await this.repository.supportPhone(guarantorId)) ?? this.options.fallbackSupportPhone;
    return storedCredentialConsentText(language, kind, {
      payee: this.options.payee,
      billingOfficePhone: phone,
    });
  }

  /** The accepted consent, when it is word for word the service's own; otherwise a 400. */
  async checkedConsent(
    guarantorId: string,
    kind: PaymentMethodKind,
    accepted: string,
    context: MethodContext,
  ): Promise<AcceptedConsent> {
    const language = context.language ?? DEFAULT_LANGUAGE;
    const expected = await this.consentText(guarantorId, kind, language);
    if (accepted !== expected) throw methodErrors.consentChanged();
    return {
      text: expected,
      language,
      acceptedAt: new Date(),
      ipAddress: context.ipAddress,
      userAgent: context.userAgent ?? null,
    };
  }

  async addBankAccount(
    session: AuthSession,
    body: BankAccountBody,
    context: MethodContext,
  ): Promise<PaymentMethod> {
    const consent = await this.checkedConsent(
      session.guarantorId,
      'bank',
      body.consent.text,
      context,
    );
    const { routingNumber, accountNumber, accountType } = body.eCheck;
    const { sealed, keyId } = sealBankAccount(this.options.keyring, {
      routingNumber,
      accountNumber,
      accountType,
    });
    const method: NewMethod = {
      guarantorId: session.guarantorId,
      kind: 'bank',
      brand: accountType,
      last4: accountNumber.slice(-4),
      bankSealed: sealed,
      bankKeyId: keyId,
      bankFingerprint: bankAccountFingerprint(
        this.options.bankFingerprintKey,
        routingNumber,
        accountNumber,
      ),
      holder: { ...body.payer },
      savedFrom: 'setup',
    };
    const saved = await this.saveMethod(method, consent, {}, context);
    if (!saved) throw methodErrors.duplicate();
    return this.viewOf(saved);
  }

  /** Saves a method and audits it; undefined when the card or account is already saved. */
  async saveMethod(
    method: NewMethod,
    consent: AcceptedConsent,
    links: SaveLinks,
    context: MethodContext,
  ): Promise<PaymentMethodRow | undefined> {
    const outcome = await this.repository.save(method, consent, links);
    if ('duplicate' in outcome) return undefined;
    const { saved } = outcome;
    await this.record(context, saved.guarantorId, 'payment_method.saved', saved.id, {
      kind: saved.kind,
      brand: saved.brand,
      last4: saved.last4,
      savedFrom: saved.savedFrom,
      isDefault: saved.isDefault,
      ...(links.paymentId ? { paymentId: links.paymentId } : {}),
    });
    return saved;
  }

  async makeDefault(
    session: AuthSession,
    id: string,
    context: MethodContext,
  ): Promise<PaymentMethod[]> {
    const changed = await this.repository.makeDefault(session.guarantorId, id);
    if (!changed) throw methodErrors.notFound();
    await this.record(context, session.guarantorId, 'payment_method.default_changed', id, {});
    return this.listFor(session.guarantorId);
  }

  /**
   * Removes a method, moving its uses to the replacement when one is named.
   * A card's token is deleted at the processor after the commit: the method
   * is gone from WebPay either way, and a token left behind charges nothing.
   */
  async remove(
    session: AuthSession,
    id: string,
    body: RemoveBody,
    context: MethodContext,
  ): Promise<void> {
    const outcome = await this.repository.remove(session.guarantorId, id, body.replacementId);
    if ('notFound' in outcome) {
      throw outcome.notFound === 'method'
        ? methodErrors.notFound()
        : methodErrors.replacementNotUsable();
    }
    if ('inUse' in outcome) throw methodErrors.inUse(outcome.inUse);
    const { removed, moved } = outcome;
    await this.record(context, session.guarantorId, 'payment_method.removed', id, {
      kind: removed.kind,
      brand: removed.brand,
      last4: removed.last4,
      replacementId: body.replacementId ?? null,
      movedUses: usesShown(moved),
    });
    if (removed.kind === 'card' && removed.processorToken) {
      await this.processor.deleteToken(removed.processorToken).catch((error: unknown) => {
        this.log.warn({ err: error, paymentMethodId: id }, 'could not delete a card token');
      });
    }
  }

  async record(
    context: RequestContext,
    guarantorId: string,
    action: string,
    methodId: string | null,
    details: Record<string, unknown>,
    {
      outcome = 'success',
      actor = { kind: 'guarantor' },
    }: { outcome?: 'success' | 'failure'; actor?: Actor } = {},
  ): Promise<void> {
    await this.audit.record(context, {
      action,
      outcome,
      actorType: actor.kind,
      actorId: actor.kind === 'guarantor' ? guarantorId : null,
      guarantorId,
      targetType: methodId ? 'payment_method' : 'guarantor',
      targetId: methodId ?? guarantorId,
      details,
    });
  }
}

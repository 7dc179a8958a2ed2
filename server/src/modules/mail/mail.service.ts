import type { Language } from '@webpay/contracts/language';
import {
  paymentReceiptMail,
  paymentReversalMail,
  signInCodeMail,
  signInLinkMail,
  signupAttemptMail,
  signupMail,
  statementNoticeMail,
  verificationCodeMail,
  type CodeMail,
  type MailBranding,
  type PaymentReceiptMail,
  type PaymentReversalMail,
  type RenderedMail,
  type SignInLinkMail,
  type SignupAttemptMail,
  type SignupMail,
  type StatementNoticeMail,
} from './mail.templates.ts';
import { MailAvailability } from './mail.availability.ts';
import {
  MailDeliveryError,
  type MailKind,
  type MailLog,
  type MailTransport,
  type OutgoingMail,
  type SentMail,
} from './mail.transport.ts';

export { MailDeliveryError } from './mail.transport.ts';
export type { MailKind, OutgoingMail, SentMail } from './mail.transport.ts';

/**
 * Composes the service's e-mails and hands them to the transport (SMTP or
 * the local outbox). `deliver` waits and throws MailDeliveryError;
 * `deliverInBackground` answers at once, for the sign-in forms whose answer
 * must not depend on whether an address belongs to anyone (their timing and
 * failures would tell).
 */
export class MailService {
  private readonly pending = new Set<Promise<void>>();
  private readonly availability = new MailAvailability(() => this.transport.verify());

  constructor(
    private readonly transport: MailTransport,
    readonly branding: MailBranding,
    private readonly log: MailLog,
  ) {}

  get mode(): MailTransport['mode'] {
    return this.transport.mode;
  }

  private compose(
    kind: MailKind,
    to: string,
    rendered: RenderedMail,
    secret?: OutgoingMail['secret'],
  ): OutgoingMail {
    return secret === undefined ? { kind, to, ...rendered } : { kind, to, ...rendered, secret };
  }

  /*
   * `language` is the reader's: the request's for mail sent while answering
   * it, the guarantor's preferred language for mail sent from the command line.
   */

  magicLink(to: string, content: SignInLinkMail, language?: Language): OutgoingMail {
    return this.compose('magic_link', to, signInLinkMail(this.branding, content, language), {
      link: content.link,
    });
  }

  signInCode(to: string, content: CodeMail, language?: Language): OutgoingMail {
    return this.compose('email_code', to, signInCodeMail(this.branding, content, language), {
      code: content.code,
    });
  }

  mfaCode(to: string, content: CodeMail, language?: Language): OutgoingMail {
    return this.compose('mfa', to, verificationCodeMail(this.branding, content, language), {
      code: content.code,
    });
  }

  signupCode(to: string, content: SignupMail, language?: Language): OutgoingMail {
    return this.compose('signup', to, signupMail(this.branding, content, language), {
      code: content.code,
    });
  }

  signupAttempt(to: string, content: SignupAttemptMail, language?: Language): OutgoingMail {
    return this.compose('signup_attempt', to, signupAttemptMail(this.branding, content, language));
  }

  statementNotice(to: string, content: StatementNoticeMail, language?: Language): OutgoingMail {
    return this.compose(
      'statement_notice',
      to,
      statementNoticeMail(this.branding, content, language),
      { link: content.link },
    );
  }

  paymentReceipt(to: string, content: PaymentReceiptMail, language?: Language): OutgoingMail {
    return this.compose(
      'payment_receipt',
      to,
      paymentReceiptMail(this.branding, content, language),
    );
  }

  paymentReversal(to: string, content: PaymentReversalMail, language?: Language): OutgoingMail {
    return this.compose(
      'payment_reversal',
      to,
      paymentReversalMail(this.branding, content, language),
    );
  }

  /** Sends now; MailDeliveryError when the message could not be handed over. */
  async deliver(mail: OutgoingMail): Promise<SentMail> {
    try {
      return await this.transport.send(mail);
    } catch (error) {
      throw error instanceof MailDeliveryError
        ? error
        : new MailDeliveryError(mail.kind, { cause: error });
    }
  }

  /**
   * Resolves when the mail server can take mail now; MailDeliveryError (for
   * a message of `kind`) when it cannot. For the forms that send after
   * answering: awaited for every request, whoever its address belongs to,
   * so a mail server that is down is a 503 for all of them alike
   * (MailAvailability says how, decision 0006 why).
   */
  async ensureAvailable(kind: MailKind): Promise<void> {
    try {
      await this.availability.ensure();
    } catch (error) {
      throw new MailDeliveryError(kind, { cause: error });
    }
  }

  /**
   * Sends after the caller has answered. A failure is logged by the
   * transport and reported to `onFailure` (e.g. for the audit trail).
   */
  deliverInBackground(
    mail: OutgoingMail,
    onFailure?: () => Promise<void> | void,
    onSuccess?: (sent: SentMail) => Promise<void> | void,
  ): void {
    const delivery = this.deliver(mail).then(
      async (sent) => {
        try {
          await onSuccess?.(sent);
        } catch (error) {
          this.log.warn({ kind: mail.kind, err: error }, 'could not record a sent e-mail');
        }
      },
      async () => {
        try {
          await onFailure?.();
        } catch (error) {
          this.log.warn({ kind: mail.kind, err: error }, 'could not record an e-mail failure');
        }
      },
    );
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /** Resolves once every background delivery started so far has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    await this.transport.close();
  }
}

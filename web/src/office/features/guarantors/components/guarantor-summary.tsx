import { useState, type ReactNode } from 'react';
import { ENCOUNTER_TYPES } from '@webpay/contracts/encounters';
import { sumCents, toCents } from '@webpay/contracts/money';
import type { GuarantorPage } from '@webpay/contracts/office';
import { mainEncounters, mainOutstandingCents } from '@webpay/contracts/outstanding';
import { useMessages } from '@/lib/messages.ts';
import { Section } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { guarantorMessages } from '../guarantors.messages.ts';
import { EmailAddress } from '../../../components/email-address.tsx';

function Facts({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm [&_dt]:text-muted-foreground">
      {children}
    </dl>
  );
}

export function IdentitySection({ page }: { page: GuarantorPage }) {
  const t = useMessages(guarantorMessages);
  const format = useFormat();
  const orNone = (value: string | null) => value ?? t.notOnFile;
  return (
    <Section id="identity" title={t.identity}>
      <Facts>
        <dt>{t.birthdate}</dt>
        <dd>{page.birthdate ? format.date(page.birthdate) : t.notOnFile}</dd>
        <dt>{t.email}</dt>
        <dd>{page.email ? <EmailAddress address={page.email} /> : t.notOnFile}</dd>
        <dt>{t.phone}</dt>
        <dd>{orNone(page.phone)}</dd>
        <dt>{t.address}</dt>
        <dd className="whitespace-pre-line">{orNone(page.address)}</dd>
        <dt>{t.language}</dt>
        <dd>{t.languages[page.preferredLanguage]}</dd>
      </Facts>
    </Section>
  );
}

export function SignInSection({ page }: { page: GuarantorPage }) {
  const t = useMessages(guarantorMessages);
  const format = useFormat();
  const { signIn } = page;
  // A lockout that has run out reads as none; judged when the page was read.
  const [readAt] = useState(Date.now);
  const locked = signIn.lockedUntil !== null && Date.parse(signIn.lockedUntil) > readAt;
  return (
    <Section id="sign-in" title={t.signIn}>
      <Facts>
        <dt>{t.signedUp}</dt>
        <dd>{signIn.signedUp ? t.yes : t.no}</dd>
        <dt>{t.pinIssued}</dt>
        <dd>{signIn.pinIssuedAt ? format.dateTime(signIn.pinIssuedAt) : t.never}</dd>
        <dt>{t.lockedUntil}</dt>
        <dd className={locked ? 'font-semibold text-danger-text' : undefined}>
          {locked && signIn.lockedUntil ? format.dateTime(signIn.lockedUntil) : t.notLocked}
        </dd>
        <dt>{t.failedAttempts}</dt>
        <dd className="tabular-nums">{signIn.failedAttempts}</dd>
        <dt>{t.activeSessions}</dt>
        <dd className="tabular-nums">{signIn.activeSessions}</dd>
        <dt>{t.lastSignIn}</dt>
        <dd>{signIn.lastSignInAt ? format.dateTime(signIn.lastSignInAt) : t.never}</dd>
      </Facts>
    </Section>
  );
}

/**
 * The balances the portal shows the guarantor, from the same answer and the
 * same shared code: Total Outstanding (encounters and plans' due and overdue
 * amounts), Past Due, and the other facilities' balances.
 */
export function BalancesSection({ page }: { page: GuarantorPage }) {
  const t = useMessages(guarantorMessages);
  const format = useFormat();
  const { encounters, paymentPlans } = page.billing;
  const total = mainOutstandingCents({
    encounters: mainEncounters(encounters),
    plans: paymentPlans,
  });
  const pastDue = sumCents(paymentPlans.map((plan) => toCents(plan.overdueAmount)));
  const elsewhere = sumCents(
    encounters
      .filter((encounter) => encounter.type === ENCOUNTER_TYPES.otherFacility)
      .map((encounter) => toCents(encounter.balance)),
  );
  return (
    <Section id="balances" title={t.balances}>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        {[
          [t.totalOutstanding, total],
          [t.pastDue, pastDue],
          [t.otherFacilities, elsewhere],
        ].map(([label, cents]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{format.cents(Number(cents))}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

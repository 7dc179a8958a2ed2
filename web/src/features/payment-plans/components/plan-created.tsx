import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { formatCentsIn } from '@webpay/contracts/language';
import type { PlanCreated } from '@webpay/contracts/payment-plans';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { paymentPlanMessages } from '../payment-plans.messages.ts';

/** The plan is made: its number, its first payment and where the copy went. */
export function PlanCreatedView({ created }: { created: PlanCreated }) {
  const t = useMessages(paymentPlanMessages);
  const language = useLanguage();
  const formatDate = useFormatDate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const first = created.instalments[0];
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold focus:outline-none"
      >
        <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
        {t.created.heading}
      </h2>
      <p className="text-sm font-medium">{t.created.number(created.planNumber)}</p>
      {first && (
        <p className="text-sm">
          {t.created.first(formatDate(first.dueDate), formatCentsIn(language, first.amountCents))}
        </p>
      )}
      {created.autopay && <p className="text-sm">{t.created.autopayOn}</p>}
      {created.emailedTo && <p className="text-sm">{t.created.emailed(created.emailedTo)}</p>}
      <Link to="/dashboard" className={buttonVariants({ className: 'self-stretch sm:self-start' })}>
        {t.backToDashboard}
      </Link>
    </section>
  );
}

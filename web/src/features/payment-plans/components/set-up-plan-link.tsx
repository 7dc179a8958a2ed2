import { Link } from '@tanstack/react-router';
import { CalendarClock } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { useMessages } from '@/lib/messages.ts';
import { usePlanOptions } from '@/lib/recurring/plan-options.ts';
import { paymentPlanMessages } from '../payment-plans.messages.ts';

/**
 * The dashboard's way to a new plan: shown only when the accounts that may
 * go on a plan come to the least balance a plan needs, so it never leads to
 * a page that can only say no. Nothing shows while the options load or fail.
 */
export function SetUpPlanLink() {
  const t = useMessages(paymentPlanMessages);
  const options = usePlanOptions().data;
  if (!options) return null;
  const total = options.eligible.reduce((sum, encounter) => sum + encounter.balanceCents, 0);
  if (options.eligible.length === 0 || total < options.rules.minBalanceCents) return null;
  return (
    <Link
      to="/payment-plan"
      className={buttonVariants({ variant: 'secondary', className: 'self-stretch sm:self-start' })}
    >
      <CalendarClock aria-hidden="true" />
      {t.setUpPlan}
    </Link>
  );
}

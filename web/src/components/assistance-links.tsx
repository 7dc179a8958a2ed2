import { Link } from '@tanstack/react-router';
import { FileSignature, HandHeart } from 'lucide-react';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { buttonVariants } from './ui/button-variants.ts';
import { TEXT_LINK_CLASS } from './ui/text-link.ts';
import { assistanceLinkMessages } from './common.messages.ts';

/** "Need help paying?": from the login page, the dashboard and the payment dialog. */
export function NeedHelpPayingLink({ className }: { className?: string }) {
  const t = useMessages(assistanceLinkMessages);
  return (
    <Link
      to="/financial-assistance"
      className={cn('inline-flex items-center gap-2', TEXT_LINK_CLASS, className)}
    >
      <HandHeart aria-hidden="true" className="size-4 shrink-0" />
      {t.needHelpPaying}
    </Link>
  );
}

/** "Financial Assistance" in every signed-in screen's footer. */
export function FinancialAssistanceLink({ className }: { className?: string }) {
  const t = useMessages(assistanceLinkMessages);
  return (
    <Link
      to="/financial-assistance"
      className={cn(
        'underline underline-offset-4 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      {t.financialAssistance}
    </Link>
  );
}

/**
 * "Apply for financial assistance": to the signed-in application. A
 * signed-out patient is sent to sign in first and brought back to it.
 */
export function ApplyForAssistanceLink({ className }: { className?: string }) {
  const t = useMessages(assistanceLinkMessages);
  return (
    <Link
      to="/financial-assistance/apply"
      className={buttonVariants({
        size: 'lg',
        className: cn('self-stretch sm:self-start', className),
      })}
    >
      <FileSignature aria-hidden="true" />
      {t.applyForAssistance}
    </Link>
  );
}

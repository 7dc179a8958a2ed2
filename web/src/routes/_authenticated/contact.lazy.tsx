import { createLazyFileRoute, Link } from '@tanstack/react-router';
import { Mail, Phone } from 'lucide-react';
import { NoticePage } from '@/components/notice-page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useBranding, useSupportPhone } from '@/features/config/hooks/use-branding.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useSession } from '@/lib/session.ts';
import { PhoneLink } from '@/components/phone-link.tsx';

export const Route = createLazyFileRoute('/_authenticated/contact')({
  component: ContactPage,
});

function ContactPage() {
  const session = useSession();
  const { portalName, supportEmail } = useBranding();
  const supportPhone = useSupportPhone(session?.user);
  useDocumentTitle(`Contact | ${portalName}`);

  return (
    <NoticePage
      title="Contact us"
      actions={
        <Button asChild variant="secondary">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      }
    >
      <p>Questions about a bill or a payment? Our billing office is happy to help.</p>
      <ul className="flex flex-col gap-3 text-foreground">
        {supportPhone && (
          <li className="flex items-center gap-3">
            <Phone aria-hidden="true" className="size-5 text-muted-foreground" />
            <span>
              Call <PhoneLink phone={supportPhone} />
            </span>
          </li>
        )}
        {supportEmail && (
          <li className="flex items-center gap-3">
            <Mail aria-hidden="true" className="size-5 text-muted-foreground" />
            <span>
              Email{' '}
              <a
                className="font-medium underline underline-offset-4"
                href={`mailto:${supportEmail}`}
              >
                {supportEmail}
              </a>
            </span>
          </li>
        )}
      </ul>
      <p>Contact details for each of our facilities will be listed here soon.</p>
    </NoticePage>
  );
}

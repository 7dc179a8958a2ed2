import { Link } from '@tanstack/react-router';
import type { PublishedPolicy } from '@webpay/contracts/financial-assistance';
import { ApplyForAssistanceLink } from '@/components/assistance-links.tsx';
import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { PhoneLink } from '@/components/phone-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { TEXT_LINK_CLASS } from '@/components/ui/text-link.ts';
import { useBranding } from '@/hooks/use-branding.ts';
import { useMessages } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { cn } from '@/lib/utils.ts';
import { useAssistancePolicy } from '../api/get-assistance-policy.ts';
import { assistanceMessages } from '../financial-assistance.messages.ts';
import { EstimateForm } from './estimate-form.tsx';
import { IncomeLimits } from './income-limits.tsx';
import { PolicyDocumentSection } from './policy-document.tsx';

/** The published documents in the order a worried patient needs them: the summary first. */
const DOCUMENT_ORDER = ['pls', 'application', 'fap', 'agb'] as const;

function Contents({ policy }: { policy: PublishedPolicy }) {
  const t = useMessages(assistanceMessages);
  const entries = [
    ['estimate', t.estimateHeading],
    ['limits', t.limitsHeading],
    ...DOCUMENT_ORDER.map((name) => [name, policy.documents[name].title] as const),
    ['contact', t.contactHeading],
  ] as const;
  return (
    <nav aria-label={t.contents} className="rounded-lg border border-border p-4">
      <p className="mb-2 text-sm font-semibold">{t.contents}</p>
      <ul className="flex flex-col gap-1 text-sm">
        {entries.map(([id, label]) => (
          <li key={id}>
            <a href={`#${id}-heading`} className={TEXT_LINK_CLASS}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContactCard({ policy }: { policy: PublishedPolicy }) {
  const t = useMessages(assistanceMessages);
  const { contact } = policy;
  return (
    <section aria-labelledby="contact-heading" className="flex flex-col gap-2">
      <h2 id="contact-heading" className="scroll-mt-6 text-xl font-semibold">
        {t.contactHeading}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t.call}</dt>
        <dd>
          <PhoneLink phone={contact.phone} />
        </dd>
        <dt className="font-medium">{t.hours}</dt>
        <dd>{contact.hours}</dd>
        <dt className="font-medium">{t.mail}</dt>
        <dd>{contact.mailingAddress}</dd>
        <dt className="font-medium">{t.inPerson}</dt>
        <dd>{contact.inPerson}</dd>
      </dl>
    </section>
  );
}

function PolicyBody({ policy }: { policy: PublishedPolicy }) {
  const t = useMessages(assistanceMessages);
  return (
    <div className="flex flex-col gap-10">
      <Contents policy={policy} />
      <section aria-labelledby="limits-heading" className="flex flex-col gap-3">
        <h2 id="limits-heading" className="scroll-mt-6 text-xl font-semibold">
          {t.limitsHeading}
        </h2>
        <IncomeLimits policy={policy} />
      </section>
      {DOCUMENT_ORDER.map((name) => (
        <PolicyDocumentSection key={name} id={name} document={policy.documents[name]} />
      ))}
      <ContactCard policy={policy} />
    </div>
  );
}

/** /financial-assistance: the hospital's policy, the 30-second estimate and how to apply. No sign-in. */
export function AssistancePage() {
  const t = useMessages(assistanceMessages);
  const { portalName, logoUrl } = useBranding();
  const session = useSession();
  const policy = useAssistancePolicy();
  useDocumentTitle(`${t.heading} | ${portalName}`);
  return (
    <PublicLayout portalName={portalName} logoUrl={logoUrl}>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-2">
          <Link
            to={session ? '/dashboard' : '/login'}
            className={cn('self-start text-sm', TEXT_LINK_CLASS)}
          >
            {session ? t.backToDashboard : t.backToSignIn}
          </Link>
          <h1 className="text-3xl font-bold tracking-tight">{t.heading}</h1>
          <p className="text-lg text-muted-foreground">{t.intro}</p>
          <ApplyForAssistanceLink className="mt-2" />
        </div>
        <Card>
          <CardHeader>
            <CardTitle id="estimate-heading" className="scroll-mt-6">
              {t.estimateHeading}
            </CardTitle>
            <CardDescription>{t.estimateIntro}</CardDescription>
          </CardHeader>
          <CardContent>
            <EstimateForm />
          </CardContent>
        </Card>
        {policy.isPending && <Skeleton className="h-96 w-full" />}
        {policy.isError && (
          <div className="flex flex-col items-start gap-3">
            <AlertMessage variant="danger">{t.loadFailed}</AlertMessage>
            <Button variant="secondary" onClick={() => void policy.refetch()}>
              {t.tryAgain}
            </Button>
          </div>
        )}
        {policy.isSuccess && <PolicyBody policy={policy.data} />}
      </div>
    </PublicLayout>
  );
}

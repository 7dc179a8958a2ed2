import { useId, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { FacilityContact } from '@webpay/contracts/config';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { PhoneLink } from '@/components/phone-link.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useBranding, useSupportPhone } from '@/hooks/use-branding.ts';
import { LoadingPlaceholder } from '@/components/list-skeleton.tsx';
import { useMessages } from '@/lib/messages.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useContactInfo } from '../api/get-contact-info.ts';
import { contactMessages } from '../contact.messages.ts';

const linkClassName = 'font-medium break-all text-foreground underline underline-offset-4';

/** /contact: whom to call or write about a bill, for the guarantor and for each facility. */
export function ContactPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const branding = useBranding();
  const ownSupportPhone = useSupportPhone(session?.user);
  const t = useMessages(contactMessages);
  useDocumentTitle(t.pageTitle(branding.portalName));

  const contact = useContactInfo();
  // What the session already knows stands in until (or unless) the service answers,
  // so a contact page never leaves the guarantor without a number to call.
  const supportPhone = contact.data?.supportPhone || ownSupportPhone;
  const supportEmail = contact.data?.supportEmail || branding.supportEmail;
  const retry = () => queryClient.resetQueries({ queryKey: queryKeys.contactConfig, exact: true });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.heading}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>

      <BillingOfficeCard supportPhone={supportPhone} supportEmail={supportEmail} />

      <FacilitiesSection>
        {contact.isPending ? (
          <FacilitiesSkeleton />
        ) : contact.isError ? (
          <ErrorScreen
            error={contact.error}
            onRetry={retry}
            supportPhone={supportPhone}
            supportEmail={supportEmail}
            headingLevel="h2"
          />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {contact.data.facilities.map((facility) => (
              <li key={facility.id} className="flex">
                <FacilityCard facility={facility} />
              </li>
            ))}
          </ul>
        )}
      </FacilitiesSection>
    </div>
  );
}

function BillingOfficeCard({
  supportPhone,
  supportEmail,
}: {
  supportPhone?: string;
  supportEmail?: string;
}) {
  const t = useMessages(contactMessages).billingOffice;
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {t.heading}
        </h2>
        <p className="text-sm text-muted-foreground">{t.intro}</p>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-4 sm:flex-row sm:gap-10">
          {supportPhone && (
            <ContactLine icon={<Phone aria-hidden="true" />} label={t.phone}>
              <PhoneLink phone={supportPhone} className="sm:text-lg" />
            </ContactLine>
          )}
          {supportEmail && (
            <ContactLine icon={<Mail aria-hidden="true" />} label={t.email}>
              <a className={`${linkClassName} sm:text-lg`} href={`mailto:${supportEmail}`}>
                {supportEmail}
              </a>
            </ContactLine>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

function FacilitiesSection({ children }: { children: ReactNode }) {
  const t = useMessages(contactMessages).facilities;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t.heading}
      </h2>
      {children}
    </section>
  );
}

function ContactLine({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="flex items-center gap-3 text-sm text-muted-foreground">
        <span className="[&_svg]:size-5">{icon}</span>
        {label}
      </dt>
      {/* Lined up under the label, past the icon. */}
      <dd className="min-w-0 pl-8">{children}</dd>
    </div>
  );
}

function FacilityCard({ facility }: { facility: FacilityContact }) {
  const t = useMessages(contactMessages).facilities;
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex w-full flex-col">
      <CardHeader className="pb-3 sm:pb-3">
        <h3 id={headingId} className="text-base leading-tight font-semibold">
          {facility.name}
        </h3>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3">
          <ContactLine icon={<Phone aria-hidden="true" />} label={t.phone}>
            <PhoneLink phone={facility.phone} />
          </ContactLine>
          <ContactLine icon={<Clock aria-hidden="true" />} label={t.hours}>
            {facility.hours}
          </ContactLine>
          <ContactLine icon={<MapPin aria-hidden="true" />} label={t.address}>
            <address className="not-italic">{facility.address}</address>
          </ContactLine>
          <ContactLine icon={<Mail aria-hidden="true" />} label={t.email}>
            <a className={linkClassName} href={`mailto:${facility.email}`}>
              {facility.email}
            </a>
          </ContactLine>
        </dl>
      </CardContent>
    </Card>
  );
}

function FacilitiesSkeleton() {
  const t = useMessages(contactMessages).facilities;
  return (
    <LoadingPlaceholder label={t.loading}>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Card key={index} className="flex flex-col gap-3 p-5">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-48" />
          </Card>
        ))}
      </div>
    </LoadingPlaceholder>
  );
}

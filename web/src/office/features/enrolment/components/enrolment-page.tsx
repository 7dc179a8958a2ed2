import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import type { Enrolment } from '@webpay/contracts/office';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard.ts';
import { officeMessages } from '../../../components/office.messages.ts';
import { Loading } from '../../../components/page-parts.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { enrolmentQueryOptions } from '../api/enrolment.ts';
import { enrolmentMessages } from '../enrolment.messages.ts';
import { EnrolmentForm } from './enrolment-form.tsx';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

function AuthenticatorStep({ enrolment }: { enrolment: Enrolment }) {
  const t = useMessages(enrolmentMessages);
  const { copied, copy } = useCopyToClipboard();
  return (
    <section aria-labelledby="enrol-step-1" className="flex flex-col gap-3">
      <h2 id="enrol-step-1" className="text-base font-semibold">
        {t.step1}
      </h2>
      <p className="text-sm text-muted-foreground">{t.scan}</p>
      <div className="flex flex-wrap items-center gap-4">
        <QrCode value={enrolment.otpauthUri} label={t.qrLabel} />
        <div className="flex min-w-0 flex-col gap-2">
          <span className="text-sm font-medium">{t.key}</span>
          <code className="rounded bg-muted px-2 py-1 font-mono text-sm break-all">
            {enrolment.totpSecret.replace(/(.{4})(?=.)/g, '$1 ')}
          </code>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void copy('key', enrolment.totpSecret)}
          >
            {copied === 'key' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied === 'key' ? t.copied : t.copyKey}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** /office/enrol/$token: a new or reset staff member sets up their password and second factor. */
export function EnrolmentPage({ token }: { token: string }) {
  const t = useMessages(enrolmentMessages);
  const roles = useMessages(officeMessages).roles;
  const format = useFormat();
  const enrolment = useQuery(enrolmentQueryOptions(token));
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodes codes={codes} />;
  if (enrolment.isPending) return <Loading />;
  if (enrolment.isError) {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{t.heading}</h1>
        <AlertMessage variant="danger">{errorText(enrolment.error, t.invalidLink)}</AlertMessage>
      </div>
    );
  }
  const { name, role, expiresAt } = enrolment.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t.heading}</h1>
        <p className="text-sm">{t.forWhom(name, roles[role])}</p>
        <p className="text-sm text-muted-foreground">{t.expires(format.dateTime(expiresAt))}</p>
      </div>
      <AuthenticatorStep enrolment={enrolment.data} />
      <section aria-labelledby="enrol-step-2" className="flex flex-col gap-3">
        <h2 id="enrol-step-2" className="text-base font-semibold">
          {t.step2}
        </h2>
        <EnrolmentForm token={token} onEnrolled={setCodes} />
      </section>
    </div>
  );
}

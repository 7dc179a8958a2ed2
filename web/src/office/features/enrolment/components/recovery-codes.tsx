import { Check, Copy, Printer } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button.tsx';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { useMessages } from '@/lib/messages.ts';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard.ts';
import { enrolmentMessages } from '../enrolment.messages.ts';

/** The 10 recovery codes, shown once: copy, print, then on to sign in. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const t = useMessages(enrolmentMessages);
  const { copied, copy } = useCopyToClipboard();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{t.recoveryHeading}</h1>
      <p className="text-sm text-muted-foreground">{t.recoveryIntro}</p>
      <ol
        aria-label={t.recoveryCodes}
        className="grid grid-cols-2 gap-2 rounded-md border border-border bg-muted p-4 font-mono text-base"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="no-print flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy('codes', codes.join('\n'))}>
          {copied === 'codes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'codes' ? t.copied : t.copyCodes}
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          {t.print}
        </Button>
        <Link to="/sign-in" className={buttonVariants()}>
          {t.toSignIn}
        </Link>
      </div>
    </div>
  );
}

import { Check, Copy } from 'lucide-react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { staffMessages } from '../staff.messages.ts';

export interface IssuedLink {
  name: string;
  enrolmentUrl: string;
  expiresAt: string;
}

/** A one-time enrolment link, shown once, to copy and hand over. */
export function EnrolmentLink({ link, onClose }: { link: IssuedLink; onClose: () => void }) {
  const t = useMessages(staffMessages);
  const format = useFormat();
  const { copied, copy } = useCopyToClipboard();
  return (
    <Alert role="status" variant="info" className="flex-col">
      <h2 className="text-base font-semibold">{t.linkHeading(link.name)}</h2>
      <p>{t.linkHelp(format.dateTime(link.expiresAt))}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Label htmlFor="enrolment-link">{t.link}</Label>
          <Input
            id="enrolment-link"
            readOnly
            value={link.enrolmentUrl}
            className="font-mono text-xs"
            onFocus={(event) => event.target.select()}
          />
        </div>
        <Button variant="secondary" onClick={() => void copy('link', link.enrolmentUrl)}>
          {copied === 'link' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'link' ? t.copied : t.copy}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t.close}
        </Button>
      </div>
    </Alert>
  );
}

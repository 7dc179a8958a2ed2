import { useState } from 'react';
import { formatCentsIn } from '@webpay/contracts/language';
import type { Letter, Tracker } from '@webpay/contracts/assistance-application';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { trackerMessages } from '../assistance-application.messages.ts';

export const SECTION = 'flex flex-col gap-3 rounded-lg border border-border bg-surface p-4';
export const SECTION_HEADING = 'text-lg font-semibold';

/** Whether collection and autopay are paused, and when and why the pause ended. */
export function HoldNotice({ hold }: { hold: Tracker['hold'] }) {
  const t = useMessages(trackerMessages);
  const formatDate = useFormatDate();
  return (
    <section aria-labelledby="hold-heading" className={SECTION}>
      <h2 id="hold-heading" className={SECTION_HEADING}>
        {t.hold.heading}
      </h2>
      {hold.active ? (
        <>
          <p>{t.hold.active}</p>
          <p className="font-medium">{hold.keepPaying ? t.hold.keepPaying : t.hold.paused}</p>
        </>
      ) : (
        hold.releasedAt && (
          <p>
            {t.hold.released(
              formatDate(hold.releasedAt),
              hold.releaseReason ? t.hold.reasons[hold.releaseReason] : t.hold.reasons.decided,
            )}
          </p>
        )
      )}
    </section>
  );
}

/** The accounts covered, and after approval what comes off each and what is left. */
export function ApplicationAccounts({ accounts }: { accounts: Tracker['accounts'] }) {
  const t = useMessages(trackerMessages);
  const language = useLanguage();
  const money = (cents: number) => formatCentsIn(language, cents);
  return (
    <section aria-labelledby="accounts-heading" className={SECTION}>
      <h2 id="accounts-heading" className={SECTION_HEADING}>
        {t.accounts.heading}
      </h2>
      <ul className="flex flex-col divide-y divide-border">
        {accounts.map((account) => (
          <li
            key={`${account.facilityId}-${account.accountNumber}`}
            className="flex flex-col gap-1 py-2 text-sm"
          >
            <p className="font-medium">
              {`${account.facilityId}-${account.accountNumber} · ${account.patientName}`}
            </p>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">{t.accounts.balance}</dt>
              <dd className="text-right tabular-nums">{money(account.balanceCents)}</dd>
              {account.adjustmentCents !== null && (
                <>
                  <dt className="text-muted-foreground">{t.accounts.adjustment}</dt>
                  <dd className="flex items-center justify-end gap-2 tabular-nums">
                    {account.adjustmentStatus === 'pending' && (
                      <Badge variant="warning">{t.accounts.pending}</Badge>
                    )}
                    {`−${money(account.adjustmentCents)}`}
                  </dd>
                  <dt className="font-medium">{t.accounts.newBalance}</dt>
                  <dd className="text-right font-semibold tabular-nums">
                    {money(Math.max(0, account.balanceCents - account.adjustmentCents))}
                  </dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What happened, oldest first: the office's entries as "the billing office", never a name. */
export function Timeline({ timeline }: { timeline: Tracker['timeline'] }) {
  const t = useMessages(trackerMessages);
  const formatDate = useFormatDate();
  const authors = {
    guarantor: t.timeline.you,
    office: t.timeline.office,
    system: t.timeline.system,
  };
  return (
    <section aria-labelledby="timeline-heading" className={SECTION}>
      <h2 id="timeline-heading" className={SECTION_HEADING}>
        {t.timeline.heading}
      </h2>
      <ol className="flex flex-col gap-3">
        {timeline.map((entry, index) => (
          <li key={index} className="flex flex-col gap-0.5 border-l-2 border-border pl-3 text-sm">
            <p className="text-muted-foreground">
              {authors[entry.author]} · {formatDate(entry.at)}
            </p>
            {entry.kind === 'status' && entry.status && (
              <p>{t.timeline.status(t.statuses[entry.status])}</p>
            )}
            {entry.kind === 'letter' && !entry.text && <p>{t.timeline.letter}</p>}
            {entry.text && <p className="whitespace-pre-line">{entry.text}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The letters sent, each opened to read and printable on its own. */
export function Letters({ letters }: { letters: Tracker['letters'] }) {
  const t = useMessages(trackerMessages);
  const formatDate = useFormatDate();
  const [printing, setPrinting] = useState<Letter | null>(null);
  if (letters.length === 0) return null;
  return (
    <section aria-labelledby="letters-heading" className={SECTION}>
      <h2 id="letters-heading" className={SECTION_HEADING}>
        {t.letters.heading}
      </h2>
      <ul className="flex flex-col gap-2">
        {letters.map((letter) => (
          <li key={letter.id}>
            <details className="rounded-md border border-border p-3">
              <summary className="flex min-h-11 cursor-pointer flex-col justify-center">
                <span className="font-medium">{letter.subject}</span>
                <span className="text-sm text-muted-foreground">
                  {t.letters.sent(formatDate(letter.sentAt))}
                </span>
              </summary>
              <p lang={letter.language} className="mt-2 text-sm whitespace-pre-line">
                {letter.body}
              </p>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() => setPrinting(letter)}
              >
                {t.letters.print(letter.subject)}
              </Button>
            </details>
          </li>
        ))}
      </ul>
      {printing && <LetterDialog letter={printing} onClose={() => setPrinting(null)} />}
    </section>
  );
}

/** A letter alone, as the print stylesheet prints an open receipt: nothing beside it. */
function LetterDialog({ letter, onClose }: { letter: Letter; onClose: () => void }) {
  const t = useMessages(trackerMessages);
  const formatDate = useFormatDate();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="print-receipt max-w-xl">
        <DialogHeader>
          <DialogTitle>{letter.subject}</DialogTitle>
          <DialogDescription>{t.letters.sent(formatDate(letter.sentAt))}</DialogDescription>
        </DialogHeader>
        <p lang={letter.language} className="text-sm whitespace-pre-line">
          {letter.body}
        </p>
        <DialogFooter className="no-print">
          <Button type="button" onClick={() => window.print()}>
            {t.letters.print(letter.subject)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import type { Case } from '@webpay/contracts/assistance-application';
import { useMessages } from '@/lib/messages.ts';
import { Section } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { caseMessages } from '../assistance.messages.ts';
import { useStatusName } from './use-status-name.ts';

type CaseEvent = Case['events'][number];

/** What happened, oldest first, with the staff member's name on the office's own entries. */
export function EventsSection({ events }: { events: Case['events'] }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  return (
    <Section id="events" title={t.events}>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noEvents}</p>
      ) : (
        <ol className="flex flex-col gap-3 border-l border-border pl-4">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`} className="text-sm">
              <p className="text-muted-foreground">
                <time dateTime={event.at}>{format.dateTime(event.at)}</time>
                {` · ${event.staffName ?? t.authors[event.author]} · ${t.eventKinds[event.kind]}`}
              </p>
              <EventText event={event} />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function EventText({ event }: { event: CaseEvent }) {
  const t = useMessages(caseMessages);
  const statusName = useStatusName();
  return (
    <>
      {event.kind === 'status' && event.status && (
        <p className="font-medium">{t.movedTo(statusName(event.status))}</p>
      )}
      {event.text && <p className="whitespace-pre-line">{event.text}</p>}
    </>
  );
}

/** The letters as sent, in the language they went in; each opens to be read. */
export function LettersSection({ letters }: { letters: Case['letters'] }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  return (
    <Section id="letters" title={t.letters}>
      {letters.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noLetters}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {letters.map((letter) => (
            <li key={letter.id}>
              <details className="rounded-md border border-border p-3 text-sm">
                <summary className="cursor-pointer font-medium">
                  {t.letterSummary(t.letterKinds[letter.kind], format.dateTime(letter.sentAt))}
                  {` · ${t.languages[letter.language]}`}
                </summary>
                <div lang={letter.language} className="mt-2 flex flex-col gap-2">
                  <p className="font-semibold">{letter.subject}</p>
                  <p className="whitespace-pre-line">{letter.body}</p>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

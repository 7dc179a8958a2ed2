import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { reportsMessages } from '../reports.messages.ts';
import { QUICK_PERIODS, quickPeriod, type Period } from '../utils/period.ts';

/** From and To as facility days, and the usual periods one click away. */
export function PeriodPicker({
  period,
  today,
  onChange,
}: {
  period: Period;
  today: string;
  onChange: (period: Period) => void;
}) {
  const t = useMessages(reportsMessages);
  const ids = useId();
  const [draft, setDraft] = useState(period);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  const choose = (next: Period) => {
    setDraft(next);
    onChange(next);
  };
  return (
    <form aria-label={t.period} onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3">
      {(['from', 'to'] as const).map((end) => (
        <TextField
          key={end}
          id={`${ids}-${end}`}
          label={t[end]}
          type="date"
          required
          value={draft[end]}
          onChange={(event) => setDraft({ ...draft, [end]: event.target.value })}
          wrapperClassName="gap-1"
        />
      ))}
      <Button type="submit" size="sm">
        {t.show}
      </Button>
      <div role="group" aria-label={t.period} className="flex flex-wrap gap-2">
        {QUICK_PERIODS.map((choice) => {
          const next = quickPeriod(choice, today);
          const current = next.from === period.from && next.to === period.to;
          return (
            <Button
              key={choice}
              type="button"
              variant={current ? 'secondary' : 'ghost'}
              size="sm"
              aria-pressed={current}
              onClick={() => choose(next)}
            >
              {t.quick[choice]}
            </Button>
          );
        })}
      </div>
    </form>
  );
}

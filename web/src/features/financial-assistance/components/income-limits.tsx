import type { PublishedPolicy } from '@webpay/contracts/financial-assistance';
import { formatWholeDollarsIn } from '@webpay/contracts/language';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { assistanceMessages } from '../financial-assistance.messages.ts';

/**
 * The yearly income limit of each tier for households of 1 to 8, from the
 * guideline table in effect: what the plain-language summary points to.
 */
export function IncomeLimits({ policy }: { policy: PublishedPolicy }) {
  const t = useMessages(assistanceMessages);
  const language = useLanguage();
  const { table, year } = policy.guidelines;
  const { tiers } = policy.rules;
  return (
    <div>
      <table className="w-full border-collapse text-xs sm:text-sm">
        <caption className="pb-2 text-left text-muted-foreground">{t.limitsCaption(year)}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-2 text-left font-semibold sm:px-3">
              {t.householdColumn}
            </th>
            {tiers.map((tier) => (
              <th
                key={tier.upToPercentOfPoverty}
                scope="col"
                className="px-1 py-2 text-right font-semibold sm:px-3"
              >
                {t.discountColumn(tier.discountPercent)}
                <span className="block font-normal text-muted-foreground">
                  {t.upTo(tier.upToPercentOfPoverty)}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.bySize.map((guideline, index) => (
            <tr key={guideline} className="border-b border-border last:border-b-0">
              <th scope="row" className="py-2 pr-2 text-left font-medium sm:px-3">
                {index + 1}
              </th>
              {tiers.map((tier) => (
                <td
                  key={tier.upToPercentOfPoverty}
                  className="px-1 py-2 text-right tabular-nums sm:px-3"
                >
                  {formatWholeDollarsIn(
                    language,
                    Math.floor((guideline * tier.upToPercentOfPoverty) / 100),
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { formatCentsIn } from '@webpay/contracts/language';
import type { AutopayOverview } from '@webpay/contracts/payment-plans';
import type { PaymentMethod } from '@webpay/contracts/payment-methods';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useMethodLabel } from '@/lib/recurring/saved-methods.ts';
import { autopayMessages } from '../autopay.messages.ts';

/** The charges autopay made or tried, newest as the service lists them. */
/** What the lists of the autopay settings show: the overview, and the methods it names by id. */
export interface AutopayListProps {
  overview: AutopayOverview;
  methods: readonly PaymentMethod[];
}

export function AutopayHistory({ overview, methods }: AutopayListProps) {
  const t = useMessages(autopayMessages);
  const language = useLanguage();
  const formatDate = useFormatDate();
  const label = useMethodLabel(methods);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="autopay-history-heading">
      <h3 id="autopay-history-heading" className="text-lg font-semibold">
        {t.history.heading}
      </h3>
      {overview.history.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.history.none}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t.upcoming.date}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t.upcoming.what}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t.upcoming.amount}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t.history.status}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t.history.receipt}
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.history.map((item) => (
                <tr
                  key={`${item.kind}-${item.planNumber ?? ''}-${item.instalmentNumber ?? ''}-${item.date}-${item.attempt}`}
                  className="border-b border-border align-top last:border-0"
                >
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDate(item.date)}</td>
                  <td className="py-2 pr-3">
                    {item.kind === 'instalment'
                      ? t.upcoming.instalment(item.planNumber ?? '', item.instalmentNumber ?? 0)
                      : t.upcoming.statement}
                    <span className="block text-muted-foreground">
                      {label(item.paymentMethodId)}
                    </span>
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {item.amountCents === null ? '' : formatCentsIn(language, item.amountCents)}
                  </td>
                  <td className="py-2 pr-3">
                    {t.history.statuses[item.status]}
                    {item.failure && (
                      <span className="block text-muted-foreground">{item.failure}</span>
                    )}
                  </td>
                  <td className="py-2">{item.receiptId ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { PhoneLink } from '@/components/phone-link.tsx';
import { useMessages } from '@/lib/messages.ts';
import { receiptMessages } from '../payments.messages.ts';
import type { ReceiptHelp } from '../utils/receipt-help.ts';

/** SPEC §2: whom to call about the payment, which depends on the facility paid. */
export function ReceiptHelpText({ help }: { help: ReceiptHelp }) {
  const t = useMessages(receiptMessages);
  if (help.kind === 'central') {
    if (!help.phone) return null;
    return (
      <p className="text-sm text-muted-foreground">
        {t.questions} <PhoneLink phone={help.phone} />.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 text-sm text-muted-foreground">
      {help.facilities.map((facility) => {
        const name = facility.name ?? t.unnamedFacility(facility.facilityId);
        return (
          <p key={facility.facilityId}>
            {t.facilityDelay(name)}{' '}
            {facility.phone && (
              <>
                {t.facilityQuestions(name)} <PhoneLink phone={facility.phone} />.
              </>
            )}
          </p>
        );
      })}
    </div>
  );
}

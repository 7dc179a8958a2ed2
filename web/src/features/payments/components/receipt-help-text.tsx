import { PhoneLink } from '@/components/phone-link.tsx';
import type { ReceiptHelp } from '../utils/receipt-help.ts';
import { RECEIPT_WORDS } from '../utils/payment-words.ts';

/** SPEC §2: whom to call about the payment, which depends on the facility paid. */
export function ReceiptHelpText({ help }: { help: ReceiptHelp }) {
  if (help.kind === 'central') {
    if (!help.phone) return null;
    return (
      <p className="text-sm text-muted-foreground">
        {RECEIPT_WORDS.questions} <PhoneLink phone={help.phone} />.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 text-sm text-muted-foreground">
      {help.facilities.map((facility) => (
        <p key={facility.facilityId}>
          {RECEIPT_WORDS.facilityDelay(facility.name)}{' '}
          {facility.phone && (
            <>
              {RECEIPT_WORDS.facilityQuestions(facility.name)} <PhoneLink phone={facility.phone} />.
            </>
          )}
        </p>
      ))}
    </div>
  );
}

import { Link } from '@tanstack/react-router';

/** A payment named by its receipt (its reference before it has one), opening its page. */
export function PaymentLink({
  payment,
}: {
  payment: { paymentId: string; receiptId: string | null; reference: string };
}) {
  return (
    <Link
      to="/payments/$paymentId"
      params={{ paymentId: payment.paymentId }}
      className="font-medium tabular-nums underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
    >
      {payment.receiptId ?? payment.reference}
    </Link>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import type { CardProcessor } from '@webpay/contracts/config';
import { savedMethodsQueryOptions } from '@/lib/recurring/saved-methods.ts';
import { AutopayPanel } from '@/features/autopay/components/autopay-panel.tsx';
import { PaymentMethodsPage } from '@/features/payment-methods/components/payment-methods-page.tsx';
import { BillingFields } from '@/features/payments/components/billing-fields.tsx';
import { openLightbox } from '@/features/payments/utils/converge-lightbox.ts';
import { LIGHTBOX_READY_TIMEOUT_MS } from '@/features/payments/utils/payment-timing.ts';

export const Route = createFileRoute('/_authenticated/payment-methods')({
  // Started, not awaited: the page shows its own skeleton and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(savedMethodsQueryOptions());
  },
  component: PaymentMethodsRoute,
});

/** The card window of a card payment, so adding a card loads the processor's script the same way. */
function openCardWindow(token: string, cardProcessor: CardProcessor) {
  return openLightbox({
    token,
    scriptUrl: cardProcessor.lightboxScriptUrl,
    origin: cardProcessor.origin,
    readyTimeoutMs: LIGHTBOX_READY_TIMEOUT_MS,
  });
}

function PaymentMethodsRoute() {
  return (
    <div className="flex flex-col gap-8">
      <PaymentMethodsPage billingFields={BillingFields} openCardWindow={openCardWindow} />
      <AutopayPanel />
    </div>
  );
}

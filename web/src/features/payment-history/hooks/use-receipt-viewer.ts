import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { PaymentHistoryStatus } from '@webpay/contracts/payment-history';
import type { Receipt } from '@webpay/contracts/payments';
import { useMessages } from '@/lib/messages.ts';
import { receiptQueryOptions } from '../api/get-receipt.ts';
import { paymentHistoryMessages } from '../payment-history.messages.ts';

/** Loads a receipt when its button is pressed and holds it while its dialog is open. */
export function useReceiptViewer() {
  const t = useMessages(paymentHistoryMessages);
  const queryClient = useQueryClient();
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [applied, setApplied] = useState(false);
  const [loadingId, setLoadingId] = useState<string | null>(null);

  const open = async (receiptId: string, status: PaymentHistoryStatus) => {
    if (loadingId) return;
    setLoadingId(receiptId);
    try {
      setReceipt(await queryClient.fetchQuery(receiptQueryOptions(receiptId)));
      setApplied(status === 'applied');
    } catch {
      toast.error(t.receiptFailed(receiptId), { id: `receipt-${receiptId}` });
    } finally {
      setLoadingId(null);
    }
  };

  return { receipt, applied, loadingId, open, close: () => setReceipt(null) };
}

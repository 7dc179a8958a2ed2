import { describeSignedInReads } from '../../../test/support/signed-in-reads.ts';

describeSignedInReads([
  {
    route: 'GET /payments',
    action: 'payments.history_viewed',
    read: ({ services, token, context, route }) =>
      services.paymentHistory.history(token, context, {
        route,
        values: { from: '2026-01-01', to: null },
      }),
  },
  {
    route: 'GET /receipts/:receiptId',
    action: 'receipt.viewed',
    read: async ({ services, token, context, route, mariaId }) => {
      const [latest] = await services.paymentHistory.items(mariaId, {});
      return services.paymentHistory.receipt(token, context, {
        route,
        values: { receiptId: latest?.receiptId ?? '' },
      });
    },
  },
]);

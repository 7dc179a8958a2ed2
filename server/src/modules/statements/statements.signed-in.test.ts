import { describeSignedInReads } from '../../../test/support/signed-in-reads.ts';

describeSignedInReads([
  {
    route: 'GET /statements',
    action: 'statements.listed',
    read: ({ services, token, context, route }) =>
      services.statements.list(token, context, { route, values: {} }),
  },
  {
    route: 'GET /statements/:id',
    action: 'statement.viewed',
    read: async ({ services, token, context, route, mariaId }) => {
      const [latest] = await services.statements.summaries(mariaId);
      return services.statements.detail(token, context, {
        route,
        values: { statementId: latest?.id ?? '' },
      });
    },
  },
]);

import fp from 'fastify-plugin';
import { CORRELATION_ID_HEADER, REQUEST_ID_HEADER } from '@webpay/contracts/api';
import { correlationIdFor } from '../lib/request-ids.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Ties the calls of one user action together; the request id when the caller sent none. */
    correlationId: string;
  }
}

/**
 * Gives every response its request and correlation ids, so a guarantor's
 * error report or a support call can be matched to the log lines.
 */
export default fp(
  async function requestContext(app) {
    app.decorateRequest('correlationId', '');
    app.addHook('onRequest', (request, reply, done) => {
      request.correlationId = correlationIdFor(request.headers, request.id);
      reply.header(REQUEST_ID_HEADER, request.id);
      reply.header(CORRELATION_ID_HEADER, request.correlationId);
      done();
    });
  },
  { name: 'request-context' },
);

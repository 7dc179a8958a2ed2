import type { FastifyRequest } from 'fastify';
import type { Language } from '@webpay/contracts/language';

/** What services need to know about the call they serve: for audit rows, logs and e-mails. */
export interface RequestContext {
  requestId: string;
  correlationId: string;
  ipAddress: string;
  /** The caller's language (decision 0013); absent for the command line, which is not a guarantor. */
  language?: Language;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return {
    requestId: request.id,
    correlationId: request.correlationId,
    ipAddress: request.ip,
    language: request.language,
  };
}

import type { FastifyRequest } from 'fastify';

/** What services need to know about the call they serve: for audit rows and logs. */
export interface RequestContext {
  requestId: string;
  correlationId: string;
  ipAddress: string;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { requestId: request.id, correlationId: request.correlationId, ipAddress: request.ip };
}

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors, fieldText, type ApiError } from '../lib/api-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The hook's refusal, kept for a route that attaches its input's refusals (see below). */
    nulCharacterRefusal: ApiError | null;
  }
}

/**
 * Where in `value` a string holds U+0000, as `body.payer.firstName`;
 * undefined when none does. Walks with its own stack, not recursion, since
 * a body may nest thousands of levels deep.
 */
export function nulCharacterAt(value: unknown, at: string): string | undefined {
  const pending: [unknown, string][] = [[value, at]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, where] = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return where;
    } else if (typeof current === 'object' && current !== null) {
      const isArray = Array.isArray(current);
      for (const [key, child] of Object.entries(current)) {
        pending.push([child, isArray ? `${where}[${key}]` : `${where}.${key}`]);
      }
    }
  }
  return undefined;
}

/**
 * What is wrong with a request's input, for a route that attaches its
 * refusals (`attachValidation`) to check the caller's session first, in its
 * handler, so that a caller without one is told 401 before anything about
 * the input: a NUL character first, as it is refused before validation,
 * then the schema's refusal.
 */
export function inputRefusal(request: FastifyRequest): Error | null {
  return request.nulCharacterRefusal ?? request.validationError ?? null;
}

/**
 * PostgreSQL text cannot hold the NUL character: a query given one fails,
 * which would surface as a 500. No field of ours has a use for it, so any
 * path parameter, query value or body string carrying one is refused as
 * bad input before the route's schema, handler or database see it; a
 * route that attaches its refusals is handed this one too.
 */
export default fp(
  async function nulCharacters(app) {
    app.decorateRequest('nulCharacterRefusal', null);
    app.addHook('preValidation', async (request) => {
      const found =
        nulCharacterAt(request.params, 'params') ??
        nulCharacterAt(request.query, 'querystring') ??
        nulCharacterAt(request.body, 'body');
      if (!found) return;
      const refusal = apiErrors.validation([fieldText(found, (m) => m.nulCharacter)]);
      // Such a route refuses in its handler, after its own session check (inputRefusal above).
      if (request.routeOptions.attachValidation) request.nulCharacterRefusal = refusal;
      else throw refusal;
    });
  },
  { name: 'nul-characters' },
);

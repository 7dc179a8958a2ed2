import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors, fieldText } from '../lib/api-error.ts';

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
 * Whether the hook below will refuse the request for its path or query,
 * known at onRequest: routes that check the caller's session in their
 * handler check it first then, so a caller without one is still told 401
 * before anything about the input.
 */
export function urlHasNulCharacter(request: FastifyRequest): boolean {
  return (
    (nulCharacterAt(request.params, 'params') ?? nulCharacterAt(request.query, 'querystring')) !==
    undefined
  );
}

/**
 * PostgreSQL text cannot hold the NUL character: a query given one fails,
 * which would surface as a 500. No field of ours has a use for it, so any
 * path parameter, query value or body string carrying one is refused as
 * bad input before the route's schema, handler or database see it.
 */
export default fp(
  async function nulCharacters(app) {
    app.addHook('preValidation', async (request) => {
      const found =
        nulCharacterAt(request.params, 'params') ??
        nulCharacterAt(request.query, 'querystring') ??
        nulCharacterAt(request.body, 'body');
      if (found) throw apiErrors.validation([fieldText(found, (m) => m.nulCharacter)]);
    });
  },
  { name: 'nul-characters' },
);

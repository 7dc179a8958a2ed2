import type { FastifyReply } from 'fastify';

/** The answer's words depend on Accept-Language, so a cache must keep one copy per language. */
export function varyByLanguage(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-language|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Language` : 'Accept-Language');
}

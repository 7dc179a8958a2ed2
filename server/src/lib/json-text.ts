import type { FastifyReply } from 'fastify';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends JSON text the database wrote as the route's answer, as it is:
 * Fastify passes a string with a JSON content type through without
 * serializing it, so the route's response schema documents the answer
 * (OpenAPI) without being run on it. The statement that writes the text
 * answers for its shape, and its tests for its agreement with the schema.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(text);
}

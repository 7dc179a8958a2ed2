import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z, type ZodType } from 'zod';

/*
 * The answers of the busiest reads the service writes itself (GET
 * /auth/me, /statements, /payments), written by fast-json-stringify from
 * the JSON Schema of the route's own zod schemas, compiled once when the
 * route is registered. The default serializer (fastify-type-provider-zod)
 * checks every answer against its zod schema before JSON.stringify: for
 * Maria's bills, when the service wrote them, about three times the cost.
 * (GET /encounters's answer is the database's text, sent as it is:
 * encounters-answer.ts.) The compiled one writes only the properties the
 * schema declares, as the check did, so nothing the schema leaves out can
 * leak; what it no longer does is refuse an answer of the wrong shape with
 * a 500, which these reads' tests and their SQL types stand in for
 * (compiled-serializer.test.ts compares both ways for every demo guarantor).
 */

/** A route's schema as Fastify hands it over: a zod schema, or the object of a `content` entry. */
function zodSchemaOf(schema: unknown): ZodType {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof z.ZodType) return inner;
  throw new Error(`not a zod schema: ${JSON.stringify(schema)}`);
}

/** The JSON Schema fast-json-stringify compiles an answer's zod schema to. */
export function answerJsonSchema(schema: ZodType) {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
}

export const compiledSerializer: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJson(answerJsonSchema(zodSchemaOf(schema)) as Parameters<typeof fastJson>[0]);

/** Route options of a read whose answers are written by the compiled serializer. */
export const COMPILED_ANSWERS = { serializerCompiler: compiledSerializer } as const;

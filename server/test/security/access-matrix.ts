import type { JsonSchema } from './json-schema.ts';
import type { Operation } from './openapi-document.ts';

/*
 * What the access-control matrix is made of: which inputs of an operation
 * name something a guarantor owns, how a case is sent, and when an answer
 * gives away another guarantor's data.
 */

/**
 * The inputs of an operation that carry an id: every path parameter, and
 * every body property named `id` or `…Id` at any depth, written as
 * `path:id` or `body:accounts[].accountId`.
 */
export function idInputsOf(operation: Operation): string[] {
  const inputs = operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => `path:${parameter.name}`);
  if (operation.body) inputs.push(...bodyIds(operation.body.schema, '').map((at) => `body:${at}`));
  return inputs;
}

const ID_NAME = /^(id|.+Id)$/;

function bodyIds(schema: JsonSchema, at: string): string[] {
  const found: string[] = [];
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    found.push(...bodyIds(option, at));
  }
  if (schema.items) found.push(...bodyIds(schema.items, `${at}[]`));
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = at ? `${at}.${name}` : name;
    if (ID_NAME.test(name)) found.push(path);
    found.push(...bodyIds(property, path));
  }
  return [...new Set(found)];
}

/** What one case sends; the test's server turns it into a request. */
export interface CaseRequest {
  method: string;
  /** Service path, e.g. `/statements/abc`. */
  path: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CaseAnswer {
  status: number;
  text: string;
}

/** Strings that only the owner's own data contains: a 2xx carrying one leaked it. */
export interface OwnerMarkers {
  accountNumber: string;
  lastName: string;
  email: string | null;
}

/**
 * A leak: another guarantor's data anywhere in the answer (an error message
 * included), or a success where success is not an acceptable answer at all.
 */
export function isLeak(answer: CaseAnswer, owner: OwnerMarkers, successAllowed: boolean): boolean {
  const succeeded = answer.status >= 200 && answer.status < 300;
  if (succeeded && !successAllowed) return true;
  const markers = [owner.accountNumber, owner.lastName, owner.email].filter(
    (marker): marker is string => typeof marker === 'string' && marker !== '',
  );
  return markers.some((marker) => answer.text.includes(marker));
}

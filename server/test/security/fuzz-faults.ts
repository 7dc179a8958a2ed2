import { BODY_LIMIT_BYTES } from '../../src/app.ts';
import { isPlainObject, toJsonText, type JsonSchema } from './json-schema.ts';
import type { Operation, Parameter } from './openapi-document.ts';
import { inputProblems } from './schema-mutations.ts';

/*
 * Which parts of a finished fuzz request the service must refuse, and with
 * which statuses when that part is the only thing wrong. The judge is the
 * published document (plus the product rules it cannot express), never the
 * service's own validation code.
 */

export interface Fault {
  axis: string;
  label: string;
  /** The statuses allowed when this is the request's only fault. */
  expect: readonly number[];
}

/** A request being built: valid values, what spoiled them, and the faults found so far. */
export interface Draft {
  path: Record<string, string>;
  query: [string, string][];
  header: Record<string, string>;
  body: unknown;
  /** Replaces the serialised body when set. */
  rawBody?: string;
  /** `null` leaves the header out. */
  contentType?: string | null;
  apiKey?: string | null;
  marker?: string | null;
  authorization?: string | null;
  faults: Fault[];
  notes: string[];
  /** Statuses the request may get whatever its faults. */
  tolerated?: readonly number[];
  /** What each schema-shaped step did, judged once all steps are done. */
  labels: { axis: string; label: string }[];
}

const INVALID_INPUT = [400] as const;
/** An empty path segment routes nowhere (404); one too long for the router is 414. */
const INVALID_PATH = [400, 404, 414] as const;

/**
 * Whitespace around a value may be trimmed away (zod's trim) instead of
 * refused, so a value counts as bad only when trimming would not save it.
 */
function refusalReason(schema: JsonSchema, value: unknown): string | undefined {
  const problems = inputProblems(schema, value);
  if (problems.length === 0) return undefined;
  return inputProblems(schema, trimmed(value)).length === 0 ? undefined : problems[0];
}

function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmed);
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: trimmed(value[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** Lone surrogates have no UTF-8 form; the URL carries invalid bytes the service must refuse. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function judgeDraft(operation: Operation, draft: Draft, maxParamLength: number): Draft {
  const faults: Fault[] = [...draft.faults];
  const notes = [...draft.notes];
  const stepsOn = (axis: string) =>
    draft.labels
      .filter((entry) => entry.axis === axis)
      .map((entry) => entry.label)
      .join(', ');
  const judge = (axis: string, verdict: Verdict | undefined) => {
    const steps = stepsOn(axis);
    if (verdict)
      faults.push({ axis, label: `${steps}: ${verdict.reason}`, expect: verdict.expect });
    else if (steps) notes.push(`${axis}: ${steps}`);
  };

  if (operation.body && draft.rawBody === undefined) {
    const size = Buffer.byteLength(toJsonText(draft.body));
    const reason = refusalReason(operation.body.schema, draft.body);
    judge(
      'body',
      size > BODY_LIMIT_BYTES
        ? { reason: `${size} bytes, over the body limit`, expect: [413] }
        : reason === undefined
          ? undefined
          : { reason, expect: INVALID_INPUT },
    );
  }
  for (const where of ['path', 'query', 'header'] as const) {
    const parameters = operation.parameters.filter((parameter) => parameter.in === where);
    judge(
      where,
      parameters
        .map((parameter) => parameterVerdict(parameter, valuesOf(parameter, draft), maxParamLength))
        .find((verdict) => verdict !== undefined),
    );
  }
  const tolerated = routerMayRefuse(operation, draft, maxParamLength) ? [414] : [];
  return { ...draft, faults, notes, tolerated };
}

interface Verdict {
  reason: string;
  expect: readonly number[];
}

function valuesOf(parameter: Parameter, draft: Draft): string[] {
  switch (parameter.in) {
    case 'path':
      return parameter.name in draft.path ? [draft.path[parameter.name] ?? ''] : [];
    case 'header':
      return parameter.name in draft.header ? [draft.header[parameter.name] ?? ''] : [];
    case 'query':
      return draft.query.filter(([name]) => name === parameter.name).map(([, value]) => value);
  }
}

function parameterVerdict(
  parameter: Parameter,
  values: string[],
  maxParamLength: number,
): Verdict | undefined {
  const { name } = parameter;
  const expect = parameter.in === 'path' ? INVALID_PATH : INVALID_INPUT;
  const verdict = (reason: string, statuses: readonly number[] = expect) => ({
    reason: `${name} ${reason}`,
    expect: statuses,
  });
  const [value] = values;
  if (value === undefined) return parameter.required ? verdict('is required') : undefined;
  if (values.length > 1) return verdict(`given ${values.length} times`);
  if (parameter.in === 'path') {
    if (value === '') return verdict('is empty');
    if (LONE_SURROGATE.test(value)) return verdict('is not valid UTF-8 in the URL', [400]);
    if (value.length > maxParamLength) {
      return verdict(`is over the router's ${maxParamLength} characters`, [414]);
    }
  }
  const reason = refusalReason(parameter.schema, value);
  return reason === undefined ? undefined : verdict(reason);
}

/**
 * The router measures a path parameter partly still percent-encoded, so a
 * value within its limit can exceed it once escaped: such a request may be
 * refused with 414 whatever else is wrong or right with it.
 */
function routerMayRefuse(operation: Operation, draft: Draft, maxParamLength: number): boolean {
  return operation.parameters.some((parameter) => {
    if (parameter.in !== 'path') return false;
    const value = draft.path[parameter.name] ?? '';
    try {
      return encodeURIComponent(value).length > maxParamLength;
    } catch {
      return true;
    }
  });
}

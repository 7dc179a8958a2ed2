import fc from 'fast-check';
import { API_KEY_HEADER, XHR_MARKER_HEADER, XHR_MARKER_VALUE } from '@webpay/contracts/api';
import { BODY_LIMIT_BYTES } from '../../src/app.ts';
import { HOSTILE_TOKEN_KINDS, type HostileTokens } from './hostile-tokens.ts';
import { judgeDraft, type Draft, type Fault } from './fuzz-faults.ts';
import { toJsonText } from './json-schema.ts';
import { concretePath, type Operation, type Parameter } from './openapi-document.ts';
import { validArbitrary, type Hints } from './schema-arbitraries.ts';
import {
  HOSTILE_STRINGS,
  describePath,
  mutationSites,
  mutationsAt,
  replaceAt,
} from './schema-mutations.ts';

/*
 * One fuzzed request per sample: a valid request generated from the
 * operation's schemas, then spoiled along zero, one or two axes (body, raw
 * body, Content-Type, path, query, header parameter, API key,
 * X-Requested-With, bearer token). Which spoilings the service must refuse
 * is judged on the finished request (fuzz-faults.ts), since a later step
 * can undo an earlier one.
 */

export interface FuzzRequest {
  operation: Operation;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  faults: Fault[];
  /** Spoilings the document allows (an extra field where extras are allowed, a stale token on a public route). */
  notes: string[];
  /** Statuses allowed besides a lone fault's own (a path parameter the router may find too long once escaped). */
  tolerated: readonly number[];
  /** The request carries the valid token of a session it may end (logout), so it needs a session of its own. */
  freshSession: boolean;
}

export interface FuzzContext {
  apiKey: string;
  /**
   * Authorization header of a live session: the guarantor's the fuzz signs in
   * as, or a staff member's for the billing office's calls.
   */
  validAuthorization: string;
  hostileTokens: HostileTokens;
  hints: (operation: Operation) => Hints;
  /** Operations whose success ends the calling session. */
  endsSession: (operation: Operation) => boolean;
  /** The router's limit on a path parameter (Fastify's maxParamLength); longer ones get 414. */
  maxParamLength: number;
}

const AXES = [
  'body',
  'raw body',
  'content type',
  'path',
  'query',
  'header',
  'api key',
  'marker',
  'token',
] as const;
type Axis = (typeof AXES)[number];

/** How often each axis is picked: the schema-shaped ones have the most ways to go wrong. */
const AXIS_WEIGHTS: Record<Axis, number> = {
  body: 8,
  'raw body': 1,
  'content type': 1,
  path: 3,
  query: 3,
  header: 2,
  'api key': 1,
  marker: 1,
  token: 3,
};

const INVALID_INPUT = [400] as const;

interface Spoiling {
  axis: Axis;
  /** Picks among the axis's candidates, modulo their number, so any natural number will do. */
  pick: number;
  variant: number;
}

function parametersIn(operation: Operation, where: Parameter['in']): Parameter[] {
  return operation.parameters.filter((parameter) => parameter.in === where);
}

/** The ways an operation's requests can be spoiled; none for one that takes no input at all. */
export function axesOf(operation: Operation): Axis[] {
  const has = (where: Parameter['in']) => parametersIn(operation, where).length > 0;
  return AXES.filter((axis) => {
    switch (axis) {
      case 'body':
      case 'raw body':
      case 'content type':
        return operation.body !== undefined;
      case 'path':
        return has('path');
      case 'query':
        return has('query');
      case 'header':
        return has('header');
      case 'api key':
      case 'marker':
        return operation.needsApiKey;
      case 'token':
        return operation.acceptsToken;
    }
  });
}

function parametersArbitrary(
  parameters: Parameter[],
  hints: Hints,
): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    parameters.map((parameter) => [
      parameter.name,
      validArbitrary(parameter.schema, hints, parameter.name),
    ]),
  );
  return fc.record(model, {
    requiredKeys: parameters.filter((parameter) => parameter.required).map((p) => p.name),
  });
}

/** Requests for an operation; with `spoiled` false, only valid ones (boundaries included). */
export function fuzzRequestArbitrary(
  operation: Operation,
  context: FuzzContext,
  spoiled = true,
): fc.Arbitrary<FuzzRequest> {
  const hints = context.hints(operation);
  const base = fc.record({
    path: parametersArbitrary(parametersIn(operation, 'path'), hints),
    query: parametersArbitrary(parametersIn(operation, 'query'), hints),
    header: parametersArbitrary(parametersIn(operation, 'header'), hints),
    body: operation.body ? validArbitrary(operation.body.schema, hints) : fc.constant(undefined),
  });
  const axes = spoiled ? axesOf(operation) : [];
  // Roughly one request in three is left valid (boundaries included); the rest are spoiled.
  const plan: fc.Arbitrary<readonly Spoiling[]> =
    axes.length === 0
      ? fc.constant([])
      : fc.oneof(
          { weight: 2, arbitrary: fc.constant([]) },
          {
            weight: 5,
            arbitrary: fc.array(spoilingArbitrary(axes), { minLength: 1, maxLength: 2 }),
          },
        );
  return fc.tuple(base, plan).map(([values, steps]) => {
    const draft: Draft = {
      path: stringValues(values.path),
      query: Object.entries(stringValues(values.query)),
      header: stringValues(values.header),
      body: values.body,
      faults: [],
      notes: [],
      labels: [],
    };
    for (const step of steps) spoil(operation, context, draft, step);
    return assemble(operation, context, judgeDraft(operation, draft, context.maxParamLength));
  });
}

function spoilingArbitrary(axes: Axis[]): fc.Arbitrary<Spoiling> {
  return fc.record({
    axis: fc.oneof(
      ...axes.map((axis) => ({ weight: AXIS_WEIGHTS[axis], arbitrary: fc.constant(axis) })),
    ),
    pick: fc.nat(),
    variant: fc.nat(),
  });
}

function stringValues(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}

const pickFrom = <T>(items: readonly T[], index: number): T => {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

/** A header cannot carry control or non-ASCII characters; a client would have to escape them. */
function sendableHeader(value: string): string {
  return HEADER_VALUE.test(value)
    ? value
    : encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '?'));
}

function spoil(operation: Operation, context: FuzzContext, draft: Draft, step: Spoiling) {
  const fault = (label: string, expect: readonly number[]) =>
    draft.faults.push({ axis: step.axis, label, expect });
  const label = (text: string) => draft.labels.push({ axis: step.axis, label: text });

  switch (step.axis) {
    case 'body': {
      const schema = operation.body?.schema ?? {};
      const site = pickFrom(mutationSites(schema, draft.body), step.pick);
      const mutation = pickFrom(mutationsAt(site), step.variant);
      draft.body = replaceAt(draft.body, site.path, mutation.replacement);
      label(`${describePath(site.path)} ${mutation.label}`);
      return;
    }
    case 'raw body': {
      const raws: [string, string, readonly number[]][] = [
        ['malformed JSON', '{"a": ', INVALID_INPUT],
        ['empty body', '', INVALID_INPUT],
        ['JSON null', 'null', INVALID_INPUT],
        ['JSON array', '[]', INVALID_INPUT],
        ['JSON string', '"text"', INVALID_INPUT],
        ['trailing garbage', `${toJsonText(draft.body)}garbage`, INVALID_INPUT],
        ['__proto__ at the top', '{"__proto__": {"polluted": "yes"}}', INVALID_INPUT],
        ['too large (70 KB)', `{"a": "${'x'.repeat(70 * 1024)}"}`, [413]],
        ['deeply nested', `${'['.repeat(5000)}${']'.repeat(5000)}`, INVALID_INPUT],
      ];
      const [what, text, expect] = pickFrom(raws, step.pick);
      draft.rawBody = text;
      // Garbage after a body already over the limit is refused for its size first.
      fault(what, Buffer.byteLength(text) > BODY_LIMIT_BYTES ? [413] : expect);
      return;
    }
    case 'content type': {
      const types = [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        null,
      ];
      const type = pickFrom(types, step.pick);
      draft.contentType = type;
      fault(`Content-Type ${type ?? 'missing'}`, type === null ? [400, 415] : [415]);
      return;
    }
    case 'path':
      draft.path = spoilParameter(parametersIn(operation, 'path'), draft.path, step, label);
      return;
    case 'header':
      draft.header = spoilParameter(
        parametersIn(operation, 'header'),
        draft.header,
        step,
        label,
        sendableHeader,
      );
      return;
    case 'query': {
      const parameter = pickFrom(parametersIn(operation, 'query'), step.pick);
      if (step.variant % 4 === 0) {
        // A repeated parameter arrives as an array where the schema wants one value.
        draft.query.push([parameter.name, 'x'], [parameter.name, 'y']);
        label(`${parameter.name} given twice`);
        return;
      }
      const values = Object.fromEntries(draft.query);
      draft.query = Object.entries(
        spoilParameter([parameter], values, { ...step, pick: 0 }, label),
      );
      return;
    }
    case 'api key': {
      const missing = step.variant % 2 === 0;
      draft.apiKey = missing ? null : `${context.apiKey}-wrong`;
      fault(missing ? 'API key missing' : 'API key wrong', missing ? [401] : [403]);
      return;
    }
    case 'marker': {
      const missing = step.variant % 2 === 0;
      draft.marker = missing ? null : 'fetch';
      fault(missing ? 'X-Requested-With missing' : 'X-Requested-With wrong', [403]);
      return;
    }
    case 'token': {
      const kind = pickFrom(HOSTILE_TOKEN_KINDS, step.variant);
      draft.authorization = context.hostileTokens[kind] ?? null;
      if (operation.needsToken) fault(`token ${kind}`, [401]);
      else draft.notes.push(`token ${kind} on a route that serves anonymous callers`);
      return;
    }
  }
}

function spoilParameter(
  parameters: Parameter[],
  values: Record<string, string>,
  step: Spoiling,
  label: (text: string) => void,
  sendable: (value: string) => string = (value) => value,
): Record<string, string> {
  const parameter = pickFrom(parameters, step.pick);
  const current = values[parameter.name] ?? '';
  const candidates: [string, string | undefined][] = [
    ['missing', undefined],
    ['empty', ''],
    ['one too long', 'x'.repeat((parameter.schema.maxLength ?? 200) + 1)],
    ['huge (5 000)', 'x'.repeat(5_000)],
    ['trailing newline', `${current}\n`],
    ['surrounding spaces', ` ${current} `],
    ...HOSTILE_STRINGS,
  ];
  const [what, chosen] = pickFrom(candidates, step.variant);
  label(`${parameter.name} ${what}`);
  const others = Object.entries(values).filter(([name]) => name !== parameter.name);
  return Object.fromEntries(
    chosen === undefined ? others : [...others, [parameter.name, sendable(chosen)]],
  );
}

function assemble(operation: Operation, context: FuzzContext, draft: Draft): FuzzRequest {
  const headers: Record<string, string> = {};
  const set = (name: string, value: string | null | undefined, fallback: string) => {
    const chosen = value === undefined ? fallback : value;
    if (chosen !== null) headers[name] = chosen;
  };
  if (operation.needsApiKey) {
    set(API_KEY_HEADER, draft.apiKey, context.apiKey);
    set(XHR_MARKER_HEADER, draft.marker, XHR_MARKER_VALUE);
  }
  if (operation.acceptsToken) {
    set('authorization', draft.authorization, context.validAuthorization);
  }
  for (const [name, value] of Object.entries(draft.header)) headers[name] = value;

  let payload: string | undefined;
  if (operation.body) {
    payload = draft.rawBody ?? (draft.body === undefined ? '' : toJsonText(draft.body));
    set('content-type', draft.contentType, operation.body.contentType);
  }
  const query = new URLSearchParams(draft.query).toString();
  const usesValidToken = operation.acceptsToken && draft.authorization === undefined;
  return {
    operation,
    method: operation.method,
    url: `${concretePath(operation, draft.path)}${query ? `?${query}` : ''}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
    faults: draft.faults,
    notes: draft.notes,
    tolerated: draft.tolerated ?? [],
    freshSession: usesValidToken && context.endsSession(operation),
  };
}

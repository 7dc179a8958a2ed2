import { errorObjectSchema } from '@webpay/contracts/errors';
import { readCsv } from '../../src/lib/csv.ts';
import type { FuzzRequest } from './fuzz-requests.ts';
import { schemaErrors } from './json-schema.ts';

/*
 * What every answer must satisfy, whatever was sent (the Schemathesis
 * checks: not_a_server_error, status_code_conformance,
 * content_type_conformance, response_schema_conformance,
 * negative_data_rejection), plus the SPEC error object on every non-2xx.
 */

export type ProblemKind =
  'server error' | 'schema mismatch' | 'bad input accepted' | 'wrong refusal status';

export interface Problem {
  kind: ProblemKind;
  message: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
  /** What the server logged for a 5xx. */
  serverLog?: string | undefined;
}

const mediaType = (header: unknown) =>
  typeof header === 'string' ? (header.split(';')[0] ?? '').trim().toLowerCase() : '';

export function checkAnswer(request: FuzzRequest, answer: Answer): Problem[] {
  const problems: Problem[] = [];
  const problem = (kind: ProblemKind, message: string) => problems.push({ kind, message });
  const { status } = answer;

  if (status >= 500) {
    problem(
      'server error',
      `${status}: ${answer.serverLog ?? answer.body.toString().slice(0, 300)}`,
    );
  }
  problems.push(...conformance(request, answer));

  if (request.faults.length > 0) {
    if (status < 400) {
      problem(
        'bad input accepted',
        `${status} for ${request.faults.map((f) => f.label).join('; ')}`,
      );
    } else if (status < 500 && request.faults.length === 1) {
      const [only] = request.faults;
      if (only && !only.expect.includes(status) && !request.tolerated.includes(status)) {
        problem(
          'wrong refusal status',
          `${status}, expected ${only.expect.join(' or ')} for ${only.label}`,
        );
      }
    }
  }
  return problems;
}

/** The answer's status, media type and body against the operation's documented responses. */
function conformance(request: FuzzRequest, answer: Answer): Problem[] {
  const mismatch = (message: string): Problem[] => [{ kind: 'schema mismatch', message }];
  const { status } = answer;
  const documented = request.operation.responses[String(status)];
  if (!documented) return mismatch(`status ${status} is not documented`);

  const expectedTypes = Object.keys(documented.content);
  if (expectedTypes.length === 0) {
    return answer.body.length === 0 ? [] : mismatch(`${status} should have no body`);
  }
  const type = mediaType(answer.headers['content-type']);
  const schema = documented.content[type];
  if (!schema)
    return mismatch(
      `${status} sent ${type || 'no Content-Type'}, documented ${expectedTypes.join(', ')}`,
    );
  if (type === 'application/pdf') {
    return answer.body.subarray(0, 5).toString('latin1') === '%PDF-' ? [] : mismatch('not a PDF');
  }
  if (type === 'text/csv') {
    const { problems } = readCsv(answer.body.toString('utf8'));
    return problems.length === 0 ? [] : mismatch(`not CSV: ${problems[0]?.message ?? ''}`);
  }

  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return mismatch(`${status} body is not JSON`);
  }
  const problems = schemaErrors(schema, body).map((error): Problem => ({
    kind: 'schema mismatch',
    message: `${status} body: ${error}`,
  }));
  if (status >= 400) problems.push(...errorObjectProblems(status, body));
  return problems;
}

/** SPEC §8: `{title, status, code, details, requestId, correlationId}`, nothing else, status matching. */
function errorObjectProblems(status: number, body: unknown): Problem[] {
  const parsed = errorObjectSchema.strict().safeParse(body);
  if (!parsed.success) {
    return [
      {
        kind: 'schema mismatch',
        message: `not the error object: ${JSON.stringify(body).slice(0, 200)}`,
      },
    ];
  }
  const { data } = parsed;
  const wrong: string[] = [];
  if (data.status !== status) wrong.push(`status ${data.status} in a ${status} answer`);
  if (!data.requestId) wrong.push('no requestId');
  if (!data.correlationId) wrong.push('no correlationId');
  if (!data.code) wrong.push('no code');
  return wrong.map((message) => ({ kind: 'schema mismatch', message: `error object: ${message}` }));
}

import type { App } from '../../src/app.ts';
import { OPENAPI_JSON_PATH } from '../../src/plugins/openapi.ts';
import { dereference, type JsonSchema } from './json-schema.ts';

/*
 * The service's operations as its published OpenAPI document describes
 * them, with every schema dereferenced. The security tests derive what they
 * send from this, so a route added tomorrow is fuzzed and access-checked
 * without anyone listing it.
 */

export type ParameterLocation = 'path' | 'query' | 'header';

export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: JsonSchema;
}

export interface DocumentedResponse {
  /** Media type → schema; empty for a response without a body (204). */
  content: Record<string, JsonSchema>;
}

export interface Operation {
  /** `GET /statements/{id}`, with the service base path left out for readability. */
  key: string;
  method: string;
  /** The path template as the document has it, e.g. `/api/v1/.../statements/{id}`. */
  path: string;
  parameters: Parameter[];
  body?: { required: boolean; contentType: string; schema: JsonSchema };
  responses: Record<string, DocumentedResponse>;
  /** Sends the API key and the X-Requested-With marker. */
  needsApiKey: boolean;
  /** Refused without a live session's bearer token. */
  needsToken: boolean;
  /** Takes a bearer token but also serves anonymous callers. */
  acceptsToken: boolean;
  /** The bearer schemes its security names: a guarantor's session or a staff member's. */
  bearerSchemes: string[];
}

interface RawOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, unknown>[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { securitySchemes?: Record<string, { type?: string; scheme?: string }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export async function fetchOpenApiDocument(app: App): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
  if (response.statusCode !== 200) {
    throw new Error(`${OPENAPI_JSON_PATH} answered ${response.statusCode}`);
  }
  return response.json<OpenApiDocument>();
}

export function operationsOf(document: OpenApiDocument, basePath: string): Operation[] {
  const schemes = document.components?.securitySchemes ?? {};
  const bearerSchemes = Object.keys(schemes).filter(
    (name) => schemes[name]?.type === 'http' && schemes[name]?.scheme === 'bearer',
  );
  const apiKeySchemes = Object.keys(schemes).filter((name) => schemes[name]?.type === 'apiKey');
  const schema = (raw: unknown) => dereference(raw ?? {}, document) as JsonSchema;

  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, raw]): Operation => {
        const alternatives = raw.security ?? [];
        const usesAny = (names: string[], alternative: Record<string, unknown>) =>
          names.some((name) => name in alternative);
        const bodyContent = Object.entries(raw.requestBody?.content ?? {})[0];
        return {
          key: `${method.toUpperCase()} ${path.startsWith(basePath) ? path.slice(basePath.length) : path}`,
          method: method.toUpperCase(),
          path,
          parameters: (raw.parameters ?? []).map((parameter) => ({
            name: parameter.name,
            in: parameter.in as ParameterLocation,
            required: parameter.required ?? parameter.in === 'path',
            schema: schema(parameter.schema),
          })),
          ...(bodyContent
            ? {
                body: {
                  required: raw.requestBody?.required ?? false,
                  contentType: bodyContent[0],
                  schema: schema(bodyContent[1].schema),
                },
              }
            : {}),
          responses: Object.fromEntries(
            Object.entries(raw.responses ?? {}).map(([status, response]) => [
              status,
              {
                content: Object.fromEntries(
                  Object.entries(response.content ?? {}).map(([type, media]) => [
                    type,
                    schema(media.schema),
                  ]),
                ),
              },
            ]),
          ),
          needsApiKey:
            alternatives.length > 0 && alternatives.every((alt) => usesAny(apiKeySchemes, alt)),
          needsToken:
            alternatives.length > 0 && alternatives.every((alt) => usesAny(bearerSchemes, alt)),
          acceptsToken: alternatives.some((alt) => usesAny(bearerSchemes, alt)),
          bearerSchemes: bearerSchemes.filter((name) => alternatives.some((alt) => name in alt)),
        };
      }),
  );
}

/** The concrete path of an operation, each `{param}` replaced by its URL-encoded value. */
export function concretePath(operation: Operation, values: Record<string, string>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    percentEncode(values[name] ?? ''),
  );
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its UTF-8-style bytes. */
function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split(/([\ud800-\udfff])/)
      .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import {
  API_KEY_HEADER,
  DEVELOPMENT_API_KEY,
  XHR_MARKER_HEADER,
  XHR_MARKER_VALUE,
} from '@webpay/contracts/api';
import { OPENAPI_TAGS, SECURITY_SCHEMES } from '../lib/openapi.ts';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const OPENAPI_UI_PATH = '/api/docs';

/**
 * The OpenAPI 3.1 document is generated from the same zod schemas that
 * validate the requests, so it cannot drift from what the service does.
 * Schemas with a `.meta({ id })` become named components.
 */
export default fp(
  async function openapi(app, { serve = true }: { serve?: boolean }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'WebPay billing service',
          version: '1.0.0',
          description: [
            'The billing service behind the WebPay patient portal.',
            `Every call under the service path sends \`${API_KEY_HEADER}\` and \`${XHR_MARKER_HEADER}: ${XHR_MARKER_VALUE}\`;`,
            'signed-in calls add `Authorization: Bearer <access_token>`.',
            'Every non-2xx answer is an ErrorObject with a stable `code`.',
            'Each limit a request field shows (minimum, maximum, multipleOf, lengths, pattern, enum, items) is the one the service enforces. Names, addresses, e-mail addresses, dates, account and routing numbers, PINs, codes and verification ids are read without the spaces around them: their lengths and patterns apply to the trimmed text.',
          ].join(' '),
        },
        tags: OPENAPI_TAGS,
        components: {
          securitySchemes: {
            [SECURITY_SCHEMES.apiKey]: {
              type: 'apiKey',
              in: 'header',
              name: API_KEY_HEADER,
              description: `The portal's API key (\`${DEVELOPMENT_API_KEY}\` in development).`,
            },
            [SECURITY_SCHEMES.xhrMarker]: {
              type: 'apiKey',
              in: 'header',
              name: XHR_MARKER_HEADER,
              description: `Must be \`${XHR_MARKER_VALUE}\`.`,
            },
            [SECURITY_SCHEMES.bearer]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'The access_token from a sign-in (HS256, short-lived, bound to a server-side session).',
            },
            [SECURITY_SCHEMES.staffBearer]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'The access_token from a billing office sign-in (its own key and audience; idle 15 minutes, 12 hours at most).',
            },
          },
        },
      },
      transform: createJsonSchemaTransform({ skipList: [] }),
      transformObject: jsonSchemaTransformObject,
    });
    // Where the operator's listener serves the pages, the public one only builds the document.
    if (serve) await openapiPages(app);
  },
  { name: 'openapi' },
);

/** Swagger UI and the JSON document, on any instance that has `swagger()`. */
export async function openapiPages(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: OPENAPI_UI_PATH,
    uiConfig: { validatorUrl: null, persistAuthorization: false },
    // Swagger UI styles some elements inline, which the portal's policy refuses: the
    // documentation alone gets 'unsafe-inline' for styles (decision 0005).
    transformStaticCSP: (header) =>
      header.includes("'unsafe-inline'")
        ? header
        : header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
  });

  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { API_KEY_HEADER, XHR_MARKER_HEADER, XHR_MARKER_VALUE } from '@webpay/contracts/api';
import { apiErrors } from '../lib/api-error.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests so neither the key's content nor its length leaks through timing. */
export function sameSecret(candidate: string, expected: string): boolean {
  return timingSafeEqual(digest(candidate), digest(expected));
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * SPEC §7: every service call carries the API key and the XHR marker. The
 * marker cannot be set by a cross-site form or a plain link, so with the
 * JSON-only body parser it also keeps the service out of CSRF's reach.
 */
export function createApiGuard(apiKey: string): onRequestHookHandler {
  return function apiGuard(request, _reply, done) {
    const key = headerValue(request, API_KEY_HEADER);
    if (!key) return done(apiErrors.apiKeyRequired(API_KEY_HEADER));
    if (!sameSecret(key, apiKey)) return done(apiErrors.apiKeyInvalid(API_KEY_HEADER));
    if (headerValue(request, XHR_MARKER_HEADER) !== XHR_MARKER_VALUE) {
      return done(apiErrors.xhrMarkerRequired(XHR_MARKER_HEADER, XHR_MARKER_VALUE));
    }
    done();
  };
}

import { describe, expect, it } from 'vitest';
import { fallbackError, type ErrorObject } from '@webpay/contracts/errors';
import { ApiError } from '@/lib/api-client.ts';
import { emailFlowErrorMessage, pinSignInErrorMessage } from './sign-in.ts';
import { resendFailure } from './verification.ts';

const apiError = (error: Partial<ErrorObject>) =>
  new ApiError({ title: 'x', status: 400, code: 'X', details: [], ...error });

describe('sign-in failures in Spanish', () => {
  it('words the portal’s own messages in Spanish', () => {
    expect(
      pinSignInErrorMessage(apiError({ status: 401, code: 'INVALID_CREDENTIALS' }), 'es'),
    ).toBe('El número de cuenta o el PIN no es correcto.');
    expect(pinSignInErrorMessage(apiError({ status: 423 }), 'es')).toBe(
      'El inicio de sesión está bloqueado por demasiados intentos fallidos. Inténtelo de nuevo más tarde.',
    );
    expect(pinSignInErrorMessage(new Error('boom'), 'es')).toBe(
      'Se produjo un error inesperado al iniciar sesión. Inténtelo de nuevo más tarde.',
    );
  });

  it('tells how long to wait from Retry-After, in the singular too', () => {
    const throttled = (seconds: number) =>
      new ApiError(fallbackError(429, 'es'), 'response', seconds);
    expect(pinSignInErrorMessage(throttled(42), 'es')).toBe(
      'Demasiados intentos. Espere 42 segundos e inténtelo de nuevo.',
    );
    expect(emailFlowErrorMessage(throttled(1), undefined, 'es')).toBe(
      'Demasiados intentos. Espere 1 segundo e inténtelo de nuevo.',
    );
    expect(emailFlowErrorMessage(apiError({ status: 429 }), undefined, 'es')).toBe(
      'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
    );
  });

  it('passes on the service’s words, which come in the language asked for', () => {
    expect(
      emailFlowErrorMessage(
        apiError({ status: 409, details: ['Esta cuenta ya está registrada. Inicie sesión.'] }),
        undefined,
        'es',
      ),
    ).toBe('Esta cuenta ya está registrada. Inicie sesión.');
  });

  it('uses the given fallback, else the Spanish sign-in failure', () => {
    expect(emailFlowErrorMessage(new ApiError(fallbackError(500, 'es')), undefined, 'es')).toBe(
      'Se produjo un error inesperado al iniciar sesión. Inténtelo de nuevo más tarde.',
    );
    expect(emailFlowErrorMessage(new Error('boom'), 'Otras palabras.', 'es')).toBe(
      'Otras palabras.',
    );
  });

  it("titles a failed resend in Spanish, with SPEC's fallback words translated", () => {
    const failure = resendFailure(fallbackError(500, 'es'), 'es');
    expect(failure.title).toBe('No se pudo enviar el código');
    expect(failure.details).toEqual([
      'No se pudo enviar el código de verificación. Inténtelo de nuevo.',
    ]);
    expect(failure.code).toBe('RESEND_FAILED');
  });
});

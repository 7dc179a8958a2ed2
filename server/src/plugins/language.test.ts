import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER, API_PATHS } from '@webpay/contracts/api';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { operatorRequestContext } from '../cli/operator-run.ts';
import { auditEvents, guarantors } from '../db/schema.ts';
import { DEMO_GUARANTORS } from '../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../test/support/database.ts';
import { startMailCatcher, type MailCatcher } from '../../test/support/mail-catcher.ts';
import { pdfText } from '../../test/support/pdf-text.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

const { maria, james } = DEMO_GUARANTORS;
const SPANISH = { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' };

async function errorOf(response: Response) {
  return errorObjectSchema.parse(await response.json());
}

describe.each(testDatabaseKinds)('English and Spanish (decision 0013) (%s)', (kind) => {
  let catcher: MailCatcher;
  let server: TestServer;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startTestServer(kind, { env: { SMTP_URL: catcher.url } });
  });

  afterAll(async () => {
    await server?.close();
    await catcher?.close();
  });

  const preferredLanguage = async (accountNumber: string) => {
    const [row] = await server.database.db
      .select({ language: guarantors.preferredLanguage })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    return row?.language;
  };

  const signIn = async (accountNumber: string, pin: string, headers: Record<string, string>) => {
    const response = await server.api(API_PATHS.login, { body: { accountNumber, pin }, headers });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };

  describe('error messages', () => {
    it('words an error in Spanish for a Spanish reader, with the same code and status', async () => {
      const english = await server.api('/no-such-route');
      const spanish = await server.api('/no-such-route', { headers: SPANISH });
      expect(english.status).toBe(404);
      expect(spanish.status).toBe(404);
      const [en, es] = [await errorOf(english), await errorOf(spanish)];
      expect(es.code).toBe(en.code);
      expect(en.title).toBe('Not found');
      expect(es.title).toBe('No encontrado');
      expect(es.details[0]).toMatch(/^Este servicio no tiene GET /);
      for (const response of [english, spanish]) {
        expect(response.headers.get('vary')).toMatch(/accept-language/i);
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('words the guard’s refusals in Spanish', async () => {
      const response = await fetch(server.apiUrl(API_PATHS.configApp), {
        headers: { ...SPANISH, 'X-Requested-With': 'XMLHttpRequest' },
      });
      expect(response.status).toBe(401);
      const body = await errorOf(response);
      expect(body.title).toBe('Se requiere la clave de API');
      expect(body.details).toEqual([
        `Envíe el encabezado ${API_KEY_HEADER} con la clave configurada para este servicio.`,
      ]);
    });

    it('translates the shared schemas’ messages and zod’s own, keeping field paths', async () => {
      const response = await server.api(API_PATHS.login, {
        body: { accountNumber: '', pin: '12', extra: true },
        headers: { 'Accept-Language': 'es' },
      });
      expect(response.status).toBe(400);
      const body = await errorOf(response);
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.title).toBe('Solicitud no válida');
      expect(body.details).toEqual(
        expect.arrayContaining([
          'body.accountNumber: El número de cuenta es obligatorio',
          'body.pin: El PIN debe tener de 4 a 12 dígitos',
          'body: Clave no reconocida: "extra"',
        ]),
      );
    });

    it('keeps SPEC’s English for every other reader', async () => {
      for (const language of [undefined, 'en-US', 'fr-FR, de;q=0.5', 'es;q=0']) {
        const response = await server.api(API_PATHS.login, {
          body: { accountNumber: maria.accountNumber, pin: '00000000' },
          headers: language ? { 'Accept-Language': language } : {},
        });
        const body = await errorOf(response);
        expect(body.details).toEqual(['The account number or PIN is incorrect.']);
      }
    });

    it('says a wrong PIN in Spanish', async () => {
      const response = await server.api(API_PATHS.login, {
        body: { accountNumber: james.accountNumber, pin: '00000000' },
        headers: SPANISH,
      });
      expect(response.status).toBe(401);
      const body = await errorOf(response);
      expect(body.code).toBe('INVALID_CREDENTIALS');
      expect(body.details).toEqual(['El número de cuenta o el PIN no es correcto.']);
    });
  });

  describe('preferred language', () => {
    it('is English for a guarantor who never visited', async () => {
      expect(await preferredLanguage(maria.accountNumber)).toBe('en');
    });

    it('follows the language of each sign-in', async () => {
      await signIn(maria.accountNumber, maria.pin, SPANISH);
      expect(await preferredLanguage(maria.accountNumber)).toBe('es');
      await signIn(maria.accountNumber, maria.pin, { 'Accept-Language': 'en-US' });
      expect(await preferredLanguage(maria.accountNumber)).toBe('en');
    });

    it('is set by PUT /auth/me/language, audited, and answered 204', async () => {
      const token = await signIn(maria.accountNumber, maria.pin, {});
      const response = await server.api(API_PATHS.meLanguage, {
        method: 'PUT',
        token,
        body: { language: 'es' },
        headers: { 'X-Request-Id': 'language-switch' },
      });
      expect(response.status).toBe(204);
      expect(await preferredLanguage(maria.accountNumber)).toBe('es');
      const [event] = await server.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'user.language'),
            eq(auditEvents.requestId, 'language-switch'),
          ),
        );
      expect(event?.outcome).toBe('success');
      expect(event?.details).toEqual({ language: 'es' });
    });

    it('refuses a language switch without a session or with an unknown language', async () => {
      const anonymous = await server.api(API_PATHS.meLanguage, {
        method: 'PUT',
        body: { language: 'es' },
      });
      expect(anonymous.status).toBe(401);
      const token = await signIn(james.accountNumber, james.pin, {});
      const unknown = await server.api(API_PATHS.meLanguage, {
        method: 'PUT',
        token,
        body: { language: 'fr' },
        headers: SPANISH,
      });
      expect(unknown.status).toBe(400);
      expect((await errorOf(unknown)).details[0]).toMatch(/^body\.language: Valor no válido/);
      expect(await preferredLanguage(james.accountNumber)).toBe('en');
    });
  });

  describe('e-mails and PDFs', () => {
    it('sends the sign-in link in the language it was asked for, labelled so', async () => {
      const response = await server.api(API_PATHS.loginMagicRequest, {
        body: { email: james.email },
        headers: SPANISH,
      });
      expect(response.status).toBe(202);
      const mail = await catcher.waitForMail({ to: james.email ?? '' });
      expect(mail.subject).toBe(
        `Su enlace para iniciar sesión en ${server.env.WEBPAY_PORTAL_NAME}`,
      );
      expect(mail.headers.get('content-language')).toBe('es');
      expect(mail.html).toContain('<html lang="es">');
      expect(mail.text).toContain('Hola, James:');
    });

    it('writes a statement notice in the guarantor’s preferred language', async () => {
      await server.database.db
        .update(guarantors)
        .set({ preferredLanguage: 'es' })
        .where(eq(guarantors.accountNumber, maria.accountNumber));
      const report = await server.app.services.statementNotices.notify(
        { accountNumber: maria.accountNumber, dryRun: false, force: true },
        operatorRequestContext('notify-statements'),
      );
      expect(report.results.map((result) => result.outcome)).toEqual(['queued']);
      const mail = await catcher.waitForMail({ to: maria.email });
      expect(mail.subject).toBe(
        `Su estado de cuenta de ${server.env.WEBPAY_PROVIDER_NAME} está listo`,
      );
      expect(mail.headers.get('content-language')).toBe('es');
      expect(mail.text).toMatch(/Fecha de vencimiento: \d{1,2} [a-z]+ \d{4}/);
    });

    it('prints a statement downloaded in Spanish in Spanish', async () => {
      const token = await signIn(maria.accountNumber, maria.pin, {});
      const list = await server.api(API_PATHS.statements, { token });
      const { statements } = (await list.json()) as { statements: { id: string }[] };
      const response = await server.api(API_PATHS.statementPdf(statements[0]?.id ?? ''), {
        token,
        headers: SPANISH,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-language')).toBe('es');
      expect(response.headers.get('vary')).toMatch(/accept-language/i);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const lines = pdfText(new Uint8Array(await response.arrayBuffer())).split('\n');
      expect(lines).toEqual(expect.arrayContaining(['Estado de cuenta', 'Página 1 de 1']));
    });
  });
});

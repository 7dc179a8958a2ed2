import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, pickLanguage, type Language } from '@webpay/contracts/language';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language the caller reads (decision 0013), from Accept-Language,
     * which the portal sets to its current language on every call.
     */
    language: Language;
  }
}

/** Gives every request the language its answer, e-mails and PDFs are worded in. */
export default fp(
  async function language(app) {
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.addHook('onRequest', (request, _reply, done) => {
      request.language = pickLanguage(request.headers['accept-language']);
      done();
    });
  },
  { name: 'language' },
);

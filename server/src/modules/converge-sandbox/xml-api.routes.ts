import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { SANDBOX_ERRORS, xmlError } from './converge-answers.ts';
import type { ConvergeSandbox } from './converge-sandbox.service.ts';

export interface XmlApiRoutesOptions {
  sandbox: ConvergeSandbox;
}

const xmlRequestSchema = z.object({ xmldata: z.string().optional() });

/** Converge answers every XML API call with 200; refusals are `<txn><errorCode>` documents. */
const XML_TYPE = 'text/xml; charset=utf-8';

/** Converge's XML API (demo path): one `xmldata` form field per request. */
const xmlApiRoutes: FastifyPluginAsync<XmlApiRoutesOptions> = async (app, { sandbox }) => {
  app.post(
    '/VirtualMerchantDemo/processxml.do',
    { schema: { hide: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').type(XML_TYPE);
      const form = xmlRequestSchema.safeParse(request.body ?? {});
      if (!form.success) {
        return reply.send(xmlError(SANDBOX_ERRORS.malformedRequest('send the xmldata form field')));
      }
      return reply.send(await sandbox.processXml(form.data.xmldata));
    },
  );
};

export default xmlApiRoutes;

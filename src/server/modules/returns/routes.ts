// Returns calls (spec §7): the order lookup and the return request. Anyone with an order number may
// call them, so both are rate-limited and answer nothing of the order's address or payment.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { labelNoticePage } from './label-notice.js';
import { RETURN_LABEL_FILE } from './return-labels.js';

const ReturnLabelParamsSchema = z.object({
  file: z.string().regex(RETURN_LABEL_FILE, 'That is not a return label link'),
});

export const returnsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, calls.orderDetailsById, async (request) => services.returns.lookup(request.body.orderId, request.ip));

  // The link in a US return email: the prepaid label as a PDF (or the carrier's copy of it).
  app.get('/return-label/:file', { schema: { params: ReturnLabelParamsSchema } }, async (request, reply) => {
    const key = RETURN_LABEL_FILE.exec(request.params.file)![1]!;
    try {
      const label = await services.returns.openLabel(key);
      if ('url' in label) return reply.redirect(label.url, 302);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="return-label.pdf"')
        .send(Buffer.from(label.pdf.buffer, label.pdf.byteOffset, label.pdf.byteLength));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.statusCode === 503) reply.header('retry-after', '300');
      return reply
        .code(err.statusCode)
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        )
        .header('x-frame-options', 'DENY')
        .type('text/html; charset=utf-8')
        .send(labelNoticePage(err.message));
    }
  });

  route(app, calls.requestReturn, async (request) => services.returns.request(request.body, request.ip));
};

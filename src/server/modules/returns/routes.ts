// Returns calls (spec §7): the order lookup and the return request. Anyone with an order number may
// call them, so both are rate-limited and answer nothing of the order's address or payment.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { escapeHtml } from '../../email/layout.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { RETURN_LABEL_FILE } from './return-labels.js';

const ReturnLabelParamsSchema = z.object({
  file: z.string().regex(RETURN_LABEL_FILE, 'That is not a return label link'),
});

/** A short page for a person who opened their label link in a browser and met a problem. */
const notice = (
  message: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your return label · Murashki</title></head>
<body style="margin:0;background:#faf7f2;color:#2b2624;font:16px/1.6 Helvetica,Arial,sans-serif;"><main style="max-width:34rem;margin:12vh auto;padding:0 24px;">
<h1 style="font:400 28px/1.3 Georgia,'Times New Roman',serif;margin:0 0 16px;">Your return label</h1><p style="margin:0;">${escapeHtml(message)}</p></main></body></html>`;

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
        .send(notice(err.message));
    }
  });

  route(app, calls.requestReturn, async (request) => services.returns.request(request.body, request.ip));
};

// The owner's label calls (spec §7 Admin) and the label download, behind the admin gate.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';
import { NotFound } from '../../http/errors.js';

const LabelFileSchema = z.object({
  file: z.string().regex(/^\d{1,15}\.pdf$/, 'The label address is /admin/api/label/<order number>.pdf'),
});

export const shippingLabelRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateAdminRoutes(app, services.sessions);

  // A carrier's refusal is answered 200 with status 'ERROR' (spec §8: the page reads message[0].text).
  route(app, calls.labelShippingOptions, (request) => services.shippingLabels.shippingOptions(request.body.orderId));

  route(app, calls.markAsProcessed, (request) =>
    services.shippingLabels.markAsProcessed(adminOf(request), request.body),
  );

  app.get('/admin/api/label/:file', { schema: { params: LabelFileSchema } }, async (request, reply) => {
    const orderId = Number(request.params.file.slice(0, -'.pdf'.length));
    if (!Number.isSafeInteger(orderId)) throw new NotFound('No such label');
    const label = await services.shippingLabels.label(orderId);
    if ('url' in label) return reply.redirect(label.url, 302);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="label-${orderId}.pdf"`)
      .send(Buffer.from(label.pdf.buffer, label.pdf.byteOffset, label.pdf.byteLength));
  });
};

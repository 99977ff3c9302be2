// Packing slips (issue 28 #6): one order's, or every order to ship's, as a PDF opened in the browser
// to print. The owner and staff both may print them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PACKING_SLIP_PATH, PACKING_SLIPS_PATH, PackingSlipQuerySchema } from '../../../contract/exports.js';
import type { AppContext } from '../../context.js';
import { gateAdminRoutes } from '../../http/admin-guard.js';

export const packingSlipRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateAdminRoutes(app, services.sessions);

  app.get(PACKING_SLIP_PATH, { schema: { querystring: PackingSlipQuerySchema } }, async (request, reply) => {
    const { fileName, pdf } = await services.packingSlips.one(request.query.orderId);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(pdf);
  });

  app.get(PACKING_SLIPS_PATH, async (_request, reply) => {
    const { fileName, pdf } = await services.packingSlips.toShip();
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(pdf);
  });
};

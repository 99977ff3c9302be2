// Promotions calls (spec §7): the promoter report. The owner's promotions editor is in admin-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { sendJsonText } from '../../http/prepared.js';
import { route } from '../../http/route.js';

export const promotionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  route(app, calls.promoPerformance, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await services.promotions.performance(request.body.promoCode, request.body.password, request.ip);
    // Sent as text: a busy code's report has thousands of rows the service made in the contract's
    // shape, and checking each again against the schema took longer than the query.
    return sendJsonText(reply, JSON.stringify(rows));
  });

  // The Campaign Performance page's call: a page of the report with its totals (decision 015).
  route(app, calls.promoReport, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { promoCode, password, page } = request.body;
    return services.promotions.reportPage(promoCode, password, request.ip, page);
  });
};

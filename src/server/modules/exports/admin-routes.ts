// The owner's exports (issue 28 #5), owner only like the Activity CSV: orders of a date range and the
// customers, streamed as CSV downloads. Each download is recorded in Activity.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CUSTOMERS_CSV_PATH,
  customersCsvFileName,
  ORDERS_CSV_PATH,
  OrdersCsvQuerySchema,
  ordersCsvFileName,
} from '../../../contract/exports.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateOwnerRoutes } from '../../http/admin-guard.js';

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

export const exportsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateOwnerRoutes(app, services.sessions);

  app.get(ORDERS_CSV_PATH, { schema: { querystring: OrdersCsvQuerySchema } }, async (request, reply) => {
    const { from, to } = request.query;
    const rows = await services.exports.ordersCsv(adminOf(request), request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(ordersCsvFileName(from, to)))
      .send(Readable.from(rows));
  });

  app.get(CUSTOMERS_CSV_PATH, async (request, reply) => {
    const { today, rows } = await services.exports.customersCsv(adminOf(request));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(customersCsvFileName(today)))
      .send(Readable.from(rows));
  });
};

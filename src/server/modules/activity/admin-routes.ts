// The Activity tab's calls (issue 26 #6), owner only: the page of entries (JSON) and the CSV.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivityCsvQuerySchema } from '../../../contract/activity.js';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { gateOwnerRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';
import { activityService } from './activity-service.js';

export const activityAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, services }) => {
  const record = activityService(database.db);
  gateOwnerRoutes(app, services.sessions);

  route(app, calls.activity, (request) => record.page(request.query));

  app.get('/admin/api/activity.csv', { schema: { querystring: ActivityCsvQuerySchema } }, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="activity.csv"')
      .send(Readable.from(record.csv(request.query))),
  );
};

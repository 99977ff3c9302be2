// The Settings tab's calls (issue 26 #3), owner only (staff are answered 403): GET /admin/api/settings
// answers every section (defaults where never saved); POST /admin/api/settings saves them whole,
// with the Activity record in the same transaction (its own path: the call table names each path once). The rules beyond single fields (unique option keys and tax
// places, an option for US and for international addresses, a known carrier service) are in the
// contract's ShopSettingsSchema, so the form says the same before sending.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateOwnerRoutes } from '../../http/admin-guard.js';
import { route } from '../../http/route.js';

export const settingsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  gateOwnerRoutes(app, services.sessions);

  route(app, calls.getSettings, () => services.settings.read());

  route(app, calls.saveSettings, (request) => services.settings.save(adminOf(request), request.body));
};

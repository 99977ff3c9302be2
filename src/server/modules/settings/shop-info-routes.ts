// GET /shopInfo (issue 26): the shop's name, support address, social links and marketing numbers for
// every storefront page. Served like /getMenuCategories: from the read model, no session needed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';

export const shopInfoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  route(app, calls.shopInfo, () => services.shopInfo());
};

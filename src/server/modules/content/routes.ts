import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';

export const contentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  route(app, calls.getCategories, () => services.content.listCategories());

  /** Not in spec §7: the storefront menu's categories, without those that have no published item. */
  route(app, calls.getMenuCategories, () => services.content.listMenuCategories());

  /** Not in spec §7: the home page's banners, tiles and customer photos, for client-side navigation. */
  route(app, calls.getHome, () => services.content.home());

  /** Not in spec §7 (issue 26): the info pages the footer lists, as the owner chose them. */
  route(app, calls.footerLinks, () => services.infoAdmin.footerLinks());
};

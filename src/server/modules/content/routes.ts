import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GetCategoriesAnswerSchema,
  GetMenuCategoriesAnswerSchema,
  HomeContentSchema,
} from '../../../contract/content.js';
import type { AppContext } from '../../context.js';

export const contentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  app.get('/getCategories', { schema: { response: { 200: GetCategoriesAnswerSchema } } }, () =>
    services.content.listCategories(),
  );

  /** Not in spec §7: the storefront menu's categories, without those that have no published item. */
  app.get('/getMenuCategories', { schema: { response: { 200: GetMenuCategoriesAnswerSchema } } }, () =>
    services.content.listMenuCategories(),
  );

  /** Not in spec §7: the home page's banners, tiles and customer photos, for client-side navigation. */
  app.get('/getHome', { schema: { response: { 200: HomeContentSchema } } }, () => services.content.home());
};

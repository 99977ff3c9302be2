import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GetCategoriesAnswerSchema } from '../../../contract/content.js';
import type { AppContext } from '../../app.js';

export const contentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  app.get('/getCategories', { schema: { response: { 200: GetCategoriesAnswerSchema } } }, () =>
    services.content.listCategories(),
  );
};

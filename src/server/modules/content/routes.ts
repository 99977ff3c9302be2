import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calls } from '../../../contract/calls.js';
import { BUILT_IN_PICTURES_PATH } from '../../../domain/home-content.js';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { runtimeFiles } from '../../runtime-files.js';

/** The built-in home pictures (scripts/make-home-pictures.ts), shipped with the code. */
const BUILT_IN_PICTURES_DIR = runtimeFiles.homePictures;

export const contentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services }) => {
  route(app, calls.getCategories, () => services.content.listCategories());

  /** Not in spec §7: the storefront menu's categories, without those that have no published item. */
  route(app, calls.getMenuCategories, () => services.content.listMenuCategories());

  /** Not in spec §7: the home page's banners, tiles and customer photos, for client-side navigation. */
  route(app, calls.getHome, () => services.content.home());

  /** Not in spec §7 (issue 26): the info pages the footer lists, as the owner chose them. */
  route(app, calls.footerLinks, () => services.infoAdmin.footerLinks());
  // The pictures a fresh shop's home shows until the owner uploads their own (issue 26 #1). Their
  // names are not content-hashed: a day's cache, revalidated by ETag after.
  await app.register(fastifyStatic, {
    root: BUILT_IN_PICTURES_DIR,
    prefix: BUILT_IN_PICTURES_PATH,
    maxAge: '1d',
    decorateReply: false,
  });
};

// The API document: @fastify/swagger learns every route as Fastify announces it (an onRoute hook;
// it adds no hook to requests) and builds the document from the routes' own Zod schemas on the first
// call of app.swagger() (openapi-transform.ts). Registered before any route; openapi-routes.ts serves it.
import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { runtimeFiles } from '../runtime-files.js';
import { ADMIN_COOKIE } from './cookies.js';
import { ADMIN_SESSION, openapiTransform, openapiTransformObject, TAGS } from './openapi-transform.js';

/** A route as Fastify announced it: what the document is compared with (tests/api/openapi.test.ts). */
export type AnnouncedRoute = { method: RouteOptions['method']; url: string; schema: FastifySchema | undefined };

const announced = new WeakMap<FastifyInstance, AnnouncedRoute[]>();

/** Every route of `app` as Fastify announced it, HEAD routes included. */
export const announcedRoutes = (app: FastifyInstance): readonly AnnouncedRoute[] => announced.get(app) ?? [];

/** The shop's version, from its package.json (src/server/runtime-files.ts: also where the compiled server finds it). */
function shopVersion(): string {
  const pkg = JSON.parse(readFileSync(runtimeFiles.packageJson, 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/** The document's name, and the title of its page at /docs/api. */
export const API_TITLE = 'Murashki shop API';

const DESCRIPTION = `The JSON calls of the Murashki shop, generated from the same Zod schemas that validate them.

- **Shop** calls are public. A shopper's bag and checkout ride on the \`sid\` session cookie that \`GET /token\` sets.
- **Back office** calls need the admin session: the \`${ADMIN_COOKIE}\` cookie that \`POST /authenticate\` sets. Without it they answer 401; some answer 403 to staff (owner only).
- Writes (POST) from another site are refused with 403 \`cross_site\`.
- Every refusal or failure answers \`{ error, message, requestId? }\` (the \`ErrorAnswer\` schema); invalid input answers 400 with a message that says what is wrong.`;

export async function registerOpenapi(app: FastifyInstance): Promise<void> {
  const routes: AnnouncedRoute[] = [];
  announced.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push({ method: route.method, url: route.url, schema: route.schema });
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: API_TITLE, version: shopVersion(), description: DESCRIPTION },
      servers: [{ url: '/' }],
      tags: [
        { name: TAGS.shop, description: "The storefront's calls: catalog, bag, checkout, returns, marketing." },
        { name: TAGS.backOffice, description: "The back office's calls, behind the admin session." },
        {
          name: TAGS.sandbox,
          description: 'The sandbox payment providers (only when no Stripe or PayPal keys are set).',
        },
        { name: TAGS.operations, description: 'Health checks and what operators and payment services call.' },
      ],
      components: {
        securitySchemes: {
          [ADMIN_SESSION]: {
            type: 'apiKey',
            in: 'cookie',
            name: ADMIN_COOKIE,
            description: 'The admin session, set by POST /authenticate (or by accepting an invitation).',
          },
        },
      },
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
    // OpenAPI 3.1 has `const`; keeping it leaves each schema as the route's own conversion wrote it.
    convertConstToEnum: false,
  });
}

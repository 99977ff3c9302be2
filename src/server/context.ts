// What every route plugin receives: the app's inputs and its services (app.ts builds it; routes import only this type).
import type { FastifyServerOptions } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './providers/mail/mailer.js';
import type { Services } from './services.js';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock?: Clock;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
};

export type AppContext = AppDeps & { services: Services };

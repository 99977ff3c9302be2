// Starts the shop: config → database → migrations/seed → app → jobs → listen; stops cleanly on SIGTERM.
import { buildApp } from './app.js';
import { ensureDemoPictures, prepareDatabase } from './boot.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirBusy } from './db/data-dir-lock.js';
import { captureRecovery } from './jobs/capture-recovery.js';
import { housekeeping } from './jobs/housekeeping.js';
import { newsletterSender } from './jobs/newsletter-sender.js';
import { outboxWorker } from './jobs/outbox.js';
import { createMailer } from './providers/mail/mailer.js';
// Issue 28 (abandoned checkouts).
import { checkoutReminderJob, reminderIntervalMs } from './modules/abandoned/reminder-job.js';
// Issue 29 (metrics).
import { type MetricsServer, startMetricsServer } from './metrics/metrics-server.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir, holder: 'the shop' },
    );
  } catch (err) {
    if (err instanceof DataDirBusy) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const report = await prepareDatabase(config, database);
  await ensureDemoPictures(config, database);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom });
  const app = await buildApp({ config, database, mailer });
  const outbox = outboxWorker(database.db, mailer, app.log);
  const newsletters = newsletterSender(database.db, app.ctx.services.shopContact, app.log);
  const captures = captureRecovery(app.ctx.services.checkout, app.log);
  const cleaner = housekeeping(database.db, app.log);
  const reminders = checkoutReminderJob(
    app.ctx.services.abandoned,
    app.log,
    reminderIntervalMs(config.abandonAfterSeconds),
  ); // issue 28

  app.log.info({ migrations: report.migrations, database: database.kind }, 'database ready');
  if (report.seeded) app.log.info('loaded the demo catalog');
  if (report.admin?.generatedPassword) {
    // Printed once, on the boot that created the account; it is not stored anywhere in clear.
    console.log(
      `\n  Admin account created: ${report.admin.email} / ${report.admin.generatedPassword}\n` +
        `  Sign in at ${config.publicUrl}/admin and change it with: npm run admin -- ${report.admin.email} <new password>\n`,
    );
  }

  let metricsServer: MetricsServer | undefined; // issue 29
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await newsletters.stop();
    await captures.stop();
    await cleaner.stop();
    await reminders.stop(); // issue 28
    await outbox.stop();
    await metricsServer?.close(); // issue 29
    await app.close();
    mailer.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The catalog is read before the first shopper arrives, not while the first one waits.
  await app.ctx.services.catalog.snapshot();
  await app.listen({ port: config.port, host: config.host });
  // Issue 29 (metrics): METRICS_PORT serves GET /metrics on a port of its own.
  if (config.metrics?.port !== undefined)
    metricsServer = await startMetricsServer(
      { port: config.metrics.port, host: config.metrics.host, token: config.metrics.token },
      app.ctx.services.metrics,
      app.log,
    );
  outbox.start();
  newsletters.start();
  captures.start();
  cleaner.start();
  app.ctx.services.funnel.start(); // Issue 28 (funnel): counts written every few seconds; app.close() writes the rest
  reminders.start(); // issue 28
  app.log.info(`shop ready at ${config.publicUrl} (database: ${database.kind}, mail: ${mailer.kind})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

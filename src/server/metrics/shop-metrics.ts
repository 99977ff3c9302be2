// The shop's own counters, incremented where things happen (the mailer's outbox, capture recovery, the
// read model, rate limits). Process-wide, as prom-client's counters usually are; GET /metrics adds each
// app's request and database figures (metrics-service.ts). Every name starts with METRIC_PREFIX.
import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

export const METRIC_PREFIX = 'murashki_';

/** The registry of these counters and of Node's own figures (event-loop delay, memory, GC, CPU). */
export const processRegistry = new Registry();

const registers = [processRegistry];

export const shopMetrics = {
  mailSent: new Counter({
    name: `${METRIC_PREFIX}mail_sent_total`,
    help: 'Emails delivered by the outbox (to the SMTP server, or written as .eml files)',
    registers,
  }),
  mailFailed: new Counter({
    name: `${METRIC_PREFIX}mail_failed_total`,
    help: 'Email deliveries that failed: outcome="retry" is tried again later, outcome="given_up" never will be',
    labelNames: ['outcome'] as const,
    registers,
  }),
  captureRecoveryFailures: new Counter({
    name: `${METRIC_PREFIX}capture_recovery_failures_total`,
    help: 'Capture recovery: stage="capture" an order whose payment could not be captured, stage="pass" a pass that failed as a whole',
    labelNames: ['stage'] as const,
    registers,
  }),
  readModelRefreshes: new Counter({
    name: `${METRIC_PREFIX}read_model_refreshes_total`,
    help: 'Times the in-memory catalog was dropped to be read afresh (a write here or in another copy, a reconnect)',
    registers,
  }),
  signInRefusals: new Counter({
    name: `${METRIC_PREFIX}signin_refusals_total`,
    help: 'Back-office sign-ins refused for a wrong email or password (those a rate limit refused are in rate_limit_refusals_total)',
    registers,
  }),
  rateLimitRefusals: new Counter({
    name: `${METRIC_PREFIX}rate_limit_refusals_total`,
    help: 'Calls refused by a rate limit (429), by limit: signin, password, forgot, link, returns, order-status, newsletter, referral, promo-report',
    labelNames: ['limit'] as const,
    registers,
  }),
};

// Series that exist before their first event, so that rate() and alerts see a 0 rather than nothing.
shopMetrics.mailFailed.labels('retry').inc(0);
shopMetrics.mailFailed.labels('given_up').inc(0);
shopMetrics.captureRecoveryFailures.labels('capture').inc(0);
shopMetrics.captureRecoveryFailures.labels('pass').inc(0);

/** A rate limit's name in rateLimitRefusals: its key up to the first ':' ('signin:ip:…' is 'signin'). */
export const limitName = (key: string) => {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(0, colon);
};

let processMetricsOn = false;

/** Node's default figures, prefixed (murashki_nodejs_eventloop_lag_seconds, …); once per process. */
export function collectProcessMetrics() {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
}

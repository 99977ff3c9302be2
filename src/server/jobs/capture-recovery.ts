// Capture recovery: every minute, orders saved just before a crash whose payment was authorised but
// never captured are captured (CheckoutService.recoverCaptures). Safe in every copy at once: a
// second capture of the same payment fails at the provider, which then reports it captured.
// The same pass releases payments no order took (CheckoutService.releaseOrphanHolds, issue 24 item 28).
import type { CheckoutService } from '../modules/checkout/checkout-service.js';
import { shopMetrics } from '../metrics/shop-metrics.js';
import { periodic } from './periodic.js';

export const CAPTURE_RECOVERY_INTERVAL_MS = 60_000;

export function captureRecovery(
  checkout: Pick<CheckoutService, 'recoverCaptures' | 'releaseOrphanHolds'>,
  log: { warn: (o: object, m: string) => void },
  intervalMs = CAPTURE_RECOVERY_INTERVAL_MS,
) {
  const pass = async () => {
    await checkout.recoverCaptures();
    await checkout.releaseOrphanHolds();
  };
  return periodic(pass, intervalMs, (err) => {
    shopMetrics.captureRecoveryFailures.inc({ stage: 'pass' });
    log.warn({ err }, 'capture recovery pass failed');
  });
}

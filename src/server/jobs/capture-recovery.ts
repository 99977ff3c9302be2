// Capture recovery: every minute, orders saved just before a crash whose payment was authorised but
// never captured are captured (CheckoutService.recoverCaptures). Safe in every copy at once: a
// second capture of the same payment fails at the provider, which then reports it captured.
import type { CheckoutService } from '../modules/checkout/checkout-service.js';
import { periodic } from './periodic.js';

export const CAPTURE_RECOVERY_INTERVAL_MS = 60_000;

export function captureRecovery(
  checkout: Pick<CheckoutService, 'recoverCaptures'>,
  log: { warn: (o: object, m: string) => void },
  intervalMs = CAPTURE_RECOVERY_INTERVAL_MS,
) {
  return periodic(() => checkout.recoverCaptures(), intervalMs, (err) => log.warn({ err }, 'capture recovery pass failed'));
}

// How long a capture can take, from the constants the capture and capture recovery run with: the
// held order emails (place-order-record.ts) must outlast it, or a confirmation could leave for an
// order whose capture then fails and is undone.
import { CAPTURE_RECOVERY_INTERVAL_MS } from '../../jobs/capture-recovery.js';
import { STRIPE_NETWORK_RETRIES, STRIPE_TIMEOUT_MS } from '../../providers/payment/stripe-card.js';

/** One call to the card provider at its worst: the first try and each retry running to the time-out. */
export const PAYMENT_CALL_MAX_MS = STRIPE_TIMEOUT_MS * (1 + STRIPE_NETWORK_RETRIES);

/**
 * A capture at its worst (takePayment): the provider's look at the payment and the capture itself,
 * then, when that fails, one more look to learn whether the money was taken after all.
 */
export const CAPTURE_MAX_MS = 3 * PAYMENT_CALL_MAX_MS;

/**
 * Capture recovery leaves younger orders alone: their checkout may still be capturing, here or in
 * another copy. Longer than the slowest capture, so recovery never takes the money of an order
 * whose own capture is still running and may yet fail and undo it. 3 min + 1 min = 4 minutes.
 */
export const CAPTURE_GRACE_MS = CAPTURE_MAX_MS + 60_000;

/**
 * How long an order's emails (confirmation, referral reward, gift cards) stay held when nothing
 * releases or deletes them: as long as the capture can take — in the checkout, or, when the server
 * died before it, in the capture-recovery pass that takes the order up (older than the grace, within
 * one interval). Then they leave whatever happened. 4 min + 1 min + 3 min = 8 minutes.
 */
export const CONFIRMATION_HOLD_MS = CAPTURE_GRACE_MS + CAPTURE_RECOVERY_INTERVAL_MS + CAPTURE_MAX_MS;

import { randomBytes, randomInt } from 'node:crypto';

/** 24-character hex id (items, reviews, newsletters, subscribers, carts); the unsubscribe rule depends on the length. */
export const hexId = (): string => randomBytes(12).toString('hex');

/** Order numbers: 10 random digits, never sequential, so a stranger cannot walk through orders. */
export const orderNumber = (): number => randomInt(1_000_000_000, 9_999_999_999);

/** Opaque session identifiers. */
export const sessionToken = (): string => randomBytes(32).toString('base64url');

// Validation rules of spec §5 shared by the storefront and the server. No Zod here: the browser
// imports this file and should not pay for a schema library to test a pattern.

/** A standard email pattern: 'Invalid email address.' otherwise. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

// Validation rules of spec §5 shared by the storefront and the server. No Zod here: the browser
// imports this file and should not pay for a schema library to test a pattern.

/**
 * A standard email pattern: 'Invalid email address.' otherwise. The dot-atom form mail servers
 * take (RFC 5322 without quoted local parts): letters, digits and !#$%&'*+/=?^_`{|}~- in dot-separated
 * parts (no leading, trailing or double dots), then a domain of letter/digit/hyphen labels and a
 * top-level domain of two letters or more. `a"<b>@example.com` or `a..b@example.com` look like
 * addresses but no server delivers to them.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

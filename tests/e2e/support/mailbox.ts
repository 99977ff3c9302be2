// The mails the shop sent during the journeys, as the local SMTP sink received them (global setup's
// mailbox URL), and waiting for one to arrive.
import { expect, inject } from 'vitest';

export type Mail = { to: string[]; subject: string; raw: string };

/**
 * The raw message with quoted-printable soft breaks and escapes undone, for reading links, codes and
 * text: a run of escapes is the UTF-8 bytes of its characters ('=E2=80=94' is one '—').
 */
export const decoded = (mail: Mail) =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));

export async function mails(): Promise<Mail[]> {
  return (await (await fetch(inject('mailboxUrl'))).json()) as Mail[];
}

/** Waits for the first mail to `email` whose subject matches (starts with a string, or a pattern). */
export async function mailTo(email: string, subject: string | RegExp, timeout = 15_000): Promise<Mail> {
  const matches = (m: Mail) =>
    m.to.some((to) => to.toLowerCase() === email.toLowerCase()) &&
    (typeof subject === 'string' ? m.subject.startsWith(subject) : subject.test(m.subject));
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mails()).find(matches);
        return found !== undefined;
      },
      { timeout, interval: 250 },
    )
    .toBe(true);
  return found!;
}

// Mail goes through nodemailer: to SMTP_URL when set, else written as .eml files under DATA_DIR/mail.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

/**
 * `listUnsubscribe`: for marketing mail, the recipient's one-click unsubscribe address; sent as
 * List-Unsubscribe with List-Unsubscribe-Post (RFC 8058), which large mailbox providers expect of
 * bulk mail and show as their own 'Unsubscribe' button.
 */
export type MailMessage = { to: string; subject: string; html: string; text: string; listUnsubscribe?: string | null };

/** How a message is sent: `fromName` replaces the configured From's display name (the shop's name). */
export type SendOptions = { fromName?: string | undefined };

/** The configured From ('Murashki <hello@murashki.shop>' or a bare address), with the shop's name when given. */
export function fromHeader(from: string, fromName: string | undefined): string | { name: string; address: string } {
  // Control characters (a line break) have no place in a header; nodemailer encodes the rest.
  const name = fromName?.replace(/\p{Cc}+/gu, ' ').trim();
  if (!name) return from;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name, address };
}

/** The message as nodemailer takes it. */
function envelope(from: string, { listUnsubscribe, ...message }: MailMessage, options: SendOptions = {}) {
  return {
    from: fromHeader(from, options.fromName),
    ...message,
    ...(listUnsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${listUnsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
export type Mailer = {
  kind: 'smtp' | 'file';
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): void;
};

export function createMailer(options: { smtpUrl?: string; dataDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return {
      kind: 'smtp',
      async send(message, sendOptions) {
        await transport.sendMail(envelope(options.from, message, sendOptions));
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message, sendOptions) {
      const info = await transport.sendMail(envelope(options.from, message, sendOptions));
      mkdirSync(dir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      writeFileSync(
        path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`),
        info.message as Buffer,
      );
    },
    close: () => transport.close(),
  };
}

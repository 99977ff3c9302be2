// Mail goes through nodemailer: to SMTP_URL when set, else written as .eml files under DATA_DIR/mail.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; html: string; text: string };
export type Mailer = {
  kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export function createMailer(options: { smtpUrl?: string; dataDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(dir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      writeFileSync(path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}

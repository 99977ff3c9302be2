// A test shop on the demo catalog whose emails go through nodemailer to a local SMTP server (the
// sink), as the API tests of orders, returns, gift cards and marketing read them.
import os from 'node:os';
import { createMailer } from '../../src/server/providers/mail/mailer.js';
import { startSmtpSink } from './smtp-sink.js';
import { createTestApp } from './test-app.js';

export async function demoAppWithMail(options: { clock?: () => Date } = {}) {
  const sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url, dataDir: os.tmpdir(), from: 'Murashki <hello@murashki.shop>' });
  const t = await createTestApp({ fixture: 'demo', mailer, ...options });
  return { sink, t };
}

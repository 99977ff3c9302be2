// A real local SMTP server for tests: it accepts mail over the wire and keeps what arrived.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = { to: string[]; raw: string; subject: string };

/** `refuse`: recipients the server turns away at RCPT TO, with the reply code to give (550 no such mailbox, 450 try later). */
export async function startSmtpSink(port = 0, { refuse }: { refuse?: (address: string) => number | undefined } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refuse?.(address.address);
      if (code === undefined) return callback();
      const error = Object.assign(new Error(code >= 500 ? 'No such mailbox here' : 'Mailbox busy, try later'), {
        responseCode: code,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

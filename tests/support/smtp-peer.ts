import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = ParsedMail & { to: string };

/**
 * A real SMTP server in the test process: it accepts every message (or refuses them all while
 * `refusing` is set) and keeps what it received, parsed.
 */
export async function startSmtpPeer(port = 0) {
  const received: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing) callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
          received.push(Object.assign(mail, { to }));
          callback();
        })
        .catch(callback);
    },
  });
  // A client may vanish mid-session (a server under test is killed while its pooled connection is
  // open): a real mail server logs that and goes on, so the peer does too.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    state,
    to: (email: string) => received.filter((mail) => mail.to === email),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** The signing token in a received invitation or reminder. */
export function signingTokenIn(mail: ParsedMail): string {
  const match = /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`No signing link in: ${mail.subject}`);
  return match[1];
}

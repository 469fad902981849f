import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export type OutgoingMail = {
  to: { name: string; email: string };
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /**
   * A link that lets whoever opens it act as the recipient (sign, review, join the team, reset a
   * password, confirm an address). Never kept in the outbox; printed to the log in demo mode.
   */
  accessLink?: string;
  /** A signer's e-mailed one-time code (the outbox never keeps it): likewise printed only in demo mode. */
  signerCode?: string;
  /**
   * What the local outbox keeps of the message: the message itself when absent, this copy (its
   * access link withheld) when given, no body at all when null (a one-time code).
   */
  kept?: { text: string; html: string } | null;
};

/** Where composed messages go: an SMTP server, or the local outbox when there is none. */
export type Mailer = {
  kind: 'smtp' | 'outbox';
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/** Delivers through SMTP_URL; a refusal or a server that is down throws, and the job retries. */
export function smtpMailer(input: { url: string; from: string }): Mailer {
  const url = new URL(input.url);
  for (const [name, value] of Object.entries({
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '30000',
    // Reuse connections: a completion mails every signer at once.
    pool: 'true',
  })) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  // nodemailer (a few MB of heap) is loaded with the first message, not by a server that never
  // mails; the transport is made once.
  let opened: Promise<Transporter> | undefined;
  const transport = () => {
    opened ??= import('nodemailer').then(({ createTransport }) => createTransport(url.href));
    return opened;
  };
  return {
    kind: 'smtp',
    async deliver(mail) {
      const send = async () =>
        (await transport()).sendMail({
          from: input.from,
          to: { name: mail.to.name, address: mail.to.email },
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments?.map((attachment) => ({
            filename: attachment.filename,
            content: inPieces(attachment.content),
            contentType: attachment.contentType,
          })),
        });
      try {
        await send();
      } catch (error) {
        // The pool sends a message again by itself when its connection closed before any of it
        // went; pieces already read cannot be, so that fails with ESTREAM and nothing was sent:
        // sent once more here, with fresh pieces.
        if ((error as { code?: unknown }).code !== 'ESTREAM') throw error;
        await send();
      }
    },
    close: () => void opened?.then((open) => open.close()),
  };
}

/**
 * An attachment as a stream of 48 KB pieces. Given whole, nodemailer base64-encodes it and then
 * scans the encoded message for lines to dot-stuff byte by byte, in one go on the server's own
 * thread: a 2 MB sealed PDF held every other request for about 100 ms per recipient. In pieces,
 * each step is a few milliseconds and requests are answered between them.
 */
function inPieces(bytes: Uint8Array, size = 48 * 1024): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= bytes.length) {
        this.push(null);
        return;
      }
      this.push(Buffer.from(bytes.buffer, bytes.byteOffset + offset, Math.min(size, bytes.length - offset)));
      offset += size;
    },
  });
}

/**
 * Without SMTP: the message stays in the outbox table, its access link withheld. In demo mode
 * that link (signing, review, team invitation, password reset, address confirmation) and a
 * signer's one-time code also go to the log, so the ceremony, a review, a sign-up or joining a
 * team can be followed on one machine; outside demo mode no link or code is ever logged.
 */
export function outboxMailer(log: FastifyBaseLogger, options: { printAccessLinks: boolean }): Mailer {
  return {
    kind: 'outbox',
    async deliver(mail) {
      const link = options.printAccessLinks ? mail.accessLink : undefined;
      const code = options.printAccessLinks ? mail.signerCode : undefined;
      log.info(
        { to: mail.to.email, subject: mail.subject, ...(link ? { link } : {}), ...(code ? { code } : {}) },
        'mail kept in the outbox (no SMTP_URL)',
      );
    },
    close: () => {},
  };
}

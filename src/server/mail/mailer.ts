import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';

export type OutgoingMail = {
  to: { name: string; email: string };
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /** Printed to the log when the message stays in the outbox, so a developer can follow it. */
  link?: string;
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
  const transport: Transporter = createTransport(url.href);
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transport.sendMail({
        from: input.from,
        to: { name: mail.to.name, address: mail.to.email },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((attachment) => ({
          filename: attachment.filename,
          content: Buffer.from(attachment.content),
          contentType: attachment.contentType,
        })),
      });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP: the message stays in the outbox table and its link goes to the log. */
export function outboxMailer(log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async deliver(mail) {
      log.info(
        { to: mail.to.email, subject: mail.subject, ...(mail.link ? { link: mail.link } : {}) },
        'mail kept in the outbox (no SMTP_URL)',
      );
    },
    close: () => {},
  };
}

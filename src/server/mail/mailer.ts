import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';

export type OutgoingMail = {
  to: { name: string; email: string };
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /** A signing link: printed to the log in demo mode when the message stays in the outbox. */
  signingLink?: string;
  /** A link that confirms an address (sign-up, change): likewise printed only in demo mode. */
  confirmationLink?: string;
  /** A signer's e-mailed one-time code (the outbox never keeps it): likewise printed only in demo mode. */
  signerCode?: string;
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

/**
 * Without SMTP: the message stays in the outbox table. In demo mode a signing link, the link
 * that confirms an address and a signer's one-time code (neither of which the outbox keeps) also
 * go to the log, so the ceremony and a sign-up can be followed on one machine; no other token is
 * ever logged.
 */
export function outboxMailer(log: FastifyBaseLogger, options: { printSigningLinks: boolean }): Mailer {
  return {
    kind: 'outbox',
    async deliver(mail) {
      const link = options.printSigningLinks ? (mail.signingLink ?? mail.confirmationLink) : undefined;
      const code = options.printSigningLinks ? mail.signerCode : undefined;
      log.info(
        { to: mail.to.email, subject: mail.subject, ...(link ? { link } : {}), ...(code ? { code } : {}) },
        'mail kept in the outbox (no SMTP_URL)',
      );
    },
    close: () => {},
  };
}

import type { OutgoingMail } from './mailer';

export type ComposedMail = { subject: string; text: string; html: string };

/** A message whose link lets whoever opens it act as the recipient, and the copy kept without it. */
export type AccessMail = ComposedMail & { accessLink: string; kept: { text: string; html: string } };

/** What a kind composes: the message, with its access link, kept copy, attachments or code if any. */
export type MailContent = Omit<OutgoingMail, 'to'>;

/** Whom every message greets, and on whose behalf it is sent unless it says otherwise. */
export type MailFrame = { organizationName: string; recipientName: string };

/** Said in place of the link in the copy of an access mail the local outbox keeps. */
export const withheldLinkNote = 'the link went only to the recipient and is not kept here';

/** What a message says: its subject, its paragraphs (empty ones left out) and its one action. */
export type Parts = {
  subject: string;
  lines: string[];
  action?: { label: string; url: string };
  /** Who the message is from, above it and in the footer; the organization by default. */
  from?: { name: string; footer: string };
};

/** A message from Pactum itself rather than an organization, with the footer saying why it came. */
export const fromPactum = (footer: string): NonNullable<Parts['from']> => ({ name: 'Pactum', footer });

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/**
 * A message whose link lets whoever opens it act as the recipient: sign, review, join the team,
 * reset a password, confirm an address. The recipient gets the link; the copy the local outbox
 * keeps says where it went instead, so nobody who reads the outbox (an admin, before SMTP is set
 * up) can act in the recipient's place.
 */
export function renderAccessMail(
  frame: MailFrame,
  parts: Parts & { action: NonNullable<Parts['action']> },
): AccessMail {
  const kept = renderMail(frame, parts, { withholdLink: true });
  return {
    ...renderMail(frame, parts),
    accessLink: parts.action.url,
    kept: { text: kept.text, html: kept.html },
  };
}

/**
 * Plain-text and HTML bodies of one message. No images and no tracking: the HTML is the text,
 * set in a simple card, with the one action as a button (or, link withheld, a note).
 */
export function renderMail(
  frame: MailFrame,
  parts: Parts,
  options: { withholdLink?: boolean } = {},
): ComposedMail {
  const withheld = options.withholdLink === true;
  const lines = parts.lines.filter((line) => line !== '');
  const greeting = frame.recipientName ? `Hello ${frame.recipientName},` : 'Hello,';
  const from = parts.from?.name ?? frame.organizationName;
  const footer = parts.from?.footer ?? `Sent by Pactum on behalf of ${frame.organizationName}.`;
  const text = [
    greeting,
    '',
    ...lines.flatMap((line) => [line, '']),
    ...(parts.action
      ? [`${parts.action.label}: ${withheld ? `(${withheldLinkNote})` : parts.action.url}`, '']
      : []),
    '--',
    footer,
  ].join('\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`;
  const button = !parts.action
    ? ''
    : withheld
      ? paragraph(`${parts.action.label}: ${withheldLinkNote}.`)
      : `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(parts.action.label)}</a></p>`;
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:Helvetica,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
<div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:14px;font-weight:700;color:#4f46e5">${escapeHtml(from)}</p>
${paragraph(greeting)}
${lines.map(paragraph).join('\n')}
${button}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#64748b">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject: parts.subject, text, html };
}

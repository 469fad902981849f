export const mailKinds = [
  'invitation',
  'reminder',
  'completed',
  'declined',
  'canceled',
  'expired',
  'password_reset',
  'team_invitation',
] as const;
export type MailKind = (typeof mailKinds)[number];

export type MailFacts = {
  kind: MailKind;
  organizationName: string;
  contractTitle: string;
  senderName: string;
  recipientName: string;
  /** The signing link (invitation, reminder), the reset link, or the contract's page (messages to the sender). */
  link?: string;
  /** The signer a message to the sender is about. */
  signerName?: string;
  reason?: string;
  expiresAt?: Date | null;
  /** The role a team invitation offers. */
  role?: 'admin' | 'member';
};

export type ComposedMail = { subject: string; text: string; html: string };

type Parts = {
  subject: string;
  lines: string[];
  action?: { label: string; url: string };
  /** Who the message is from, above it and in the footer; the organization by default. */
  from?: { name: string; footer: string };
};

function partsOf(facts: MailFacts): Parts {
  const { organizationName: org, contractTitle: title, senderName: sender } = facts;
  const link = facts.link ?? '';
  const expiry = facts.expiresAt ? `The link works until ${facts.expiresAt.toUTCString()}.` : '';
  switch (facts.kind) {
    case 'invitation':
      return {
        subject: `${sender} (${org}) sent you "${title}" to sign`,
        lines: [`${sender} of ${org} asks you to review and sign "${title}".`, expiry],
        action: { label: 'Review and sign', url: link },
      };
    case 'reminder':
      return {
        subject: `Reminder: "${title}" is waiting for your signature`,
        lines: [`${sender} of ${org} is still waiting for your signature on "${title}".`, expiry],
        action: { label: 'Review and sign', url: link },
      };
    case 'completed':
      return {
        subject: `Completed: "${title}"`,
        lines: [
          `Everyone has signed "${title}" (${org}).`,
          'The sealed PDF is attached: it carries every signature and a certificate of completion, and any change to it can be detected.',
        ],
      };
    case 'declined':
      return {
        subject: `${facts.signerName ?? 'A signer'} declined "${title}"`,
        lines: [
          `${facts.signerName ?? 'A signer'} declined to sign "${title}", so it has been canceled.`,
          `Their reason: ${facts.reason ?? ''}`,
        ],
        action: { label: 'Open the contract', url: link },
      };
    case 'canceled':
      return {
        subject: `"${title}" was canceled`,
        lines: [
          `${sender} of ${org} canceled "${title}". There is nothing for you to sign any more.`,
          facts.reason ? `Reason: ${facts.reason}` : '',
        ],
      };
    case 'expired':
      return {
        subject: `"${title}" expired before everyone signed`,
        lines: [
          `"${title}" reached its expiry date before every signer had signed; its links no longer work.`,
        ],
        action: { label: 'Open the contract', url: link },
      };
    case 'password_reset':
      return {
        subject: 'Reset your Pactum password',
        lines: [
          'Someone asked to reset the password of your Pactum account. To choose a new password, open the link below.',
          facts.expiresAt
            ? `The link works once, for one hour (until ${facts.expiresAt.toUTCString()}). Setting a new password signs you out on every device.`
            : 'The link works once, for one hour. Setting a new password signs you out on every device.',
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ],
        action: { label: 'Reset your password', url: link },
        from: {
          name: 'Pactum',
          footer: 'Sent by Pactum because a password reset was requested for this e-mail address.',
        },
      };
    case 'team_invitation':
      return {
        subject: `${sender} invited you to join ${org} on Pactum`,
        lines: [
          `${sender} invited you to join ${org} on Pactum as ${facts.role === 'admin' ? 'an admin' : 'a member'}. Pactum is where the team drafts contracts and sends them for e-signature.`,
          'Open the link below, then sign in or create an account with this e-mail address to accept.',
          facts.expiresAt ? `The invitation works until ${facts.expiresAt.toUTCString()}.` : '',
          'If you did not expect this invitation, you can ignore this e-mail.',
        ],
        action: { label: 'Accept the invitation', url: link },
      };
  }
}

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
 * Plain-text and HTML bodies of one message. No images and no tracking: the HTML is the text,
 * set in a simple card, with the one action as a button.
 */
export function composeMail(facts: MailFacts): ComposedMail {
  const parts = partsOf(facts);
  const lines = parts.lines.filter((line) => line !== '');
  const greeting = facts.recipientName ? `Hello ${facts.recipientName},` : 'Hello,';
  const from = parts.from?.name ?? facts.organizationName;
  const footer = parts.from?.footer ?? `Sent by Pactum on behalf of ${facts.organizationName}.`;
  const text = [
    greeting,
    '',
    ...lines.flatMap((line) => [line, '']),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    '--',
    footer,
  ].join('\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`;
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(parts.action.label)}</a></p>`
    : '';
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

import type { MailKind } from '../../shared/enums';

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
  /** A sign-in from a browser not seen before: when, from where, with what. */
  signIn?: { at: Date; ip: string; device: string };
  /**
   * A change to how the account signs in, a token made with it, or a guard of the organization
   * lowered: what, its detail (a passkey's or token's name, a webhook's URL), when, from where,
   * by whom (for the other admins), and a token's scope and expiry.
   */
  securityChange?: {
    change: string;
    detail: string;
    at: Date;
    ip: string;
    by?: string;
    scope?: string;
    expiresAt?: Date | null;
  };
  /** The role a team invitation offers. */
  role?: 'admin' | 'member';
  /** The address an account is moving to (the notice to the old one names it). */
  newEmail?: string;
  /** The checks an invited signer will be asked for (never the access code itself). */
  signerChecks?: { accessCode: boolean; emailCode: boolean };
  /** A signer's one-time code, made for this very e-mail. */
  code?: string;
  /** A webhook endpoint turned off after failing: its URL and why. */
  webhook?: { url: string; reason: string };
  /** A comment that mentions the recipient: who wrote it and its first words. */
  comment?: { authorName: string; excerpt: string };
};

export type ComposedMail = { subject: string; text: string; html: string };

/** A message whose link lets whoever opens it act as the recipient, and the copy kept without it. */
export type AccessMail = ComposedMail & { accessLink: string; kept: { text: string; html: string } };

/** Said in place of the link in the copy of an access mail the local outbox keeps. */
export const withheldLinkNote = 'the link went only to the recipient and is not kept here';

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
  const checks = checksLine(facts.signerChecks, sender);
  switch (facts.kind) {
    case 'invitation':
      return {
        subject: `${sender} (${org}) sent you "${title}" to sign`,
        lines: [`${sender} of ${org} asks you to review and sign "${title}".`, checks, expiry],
        action: { label: 'Review and sign', url: link },
      };
    case 'reminder':
      return {
        subject: `Reminder: "${title}" is waiting for your signature`,
        lines: [`${sender} of ${org} is still waiting for your signature on "${title}".`, checks, expiry],
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
    case 'comment_mention':
      return {
        subject: `${facts.comment?.authorName ?? 'Someone'} mentioned you on "${title}"`,
        lines: [
          `${facts.comment?.authorName ?? 'Someone'} mentioned you in a comment on "${title}":`,
          `"${facts.comment?.excerpt ?? ''}"`,
          'Open the contract to read the thread and reply.',
        ],
        action: { label: 'Open the comment', url: link },
      };
    case 'webhook_disabled':
      return {
        subject: 'A webhook endpoint was turned off',
        lines: [
          `Pactum stopped sending events to ${facts.webhook?.url ?? 'a webhook endpoint'} of ${org}: it kept failing.`,
          facts.webhook?.reason ?? '',
          'Check the receiver, then turn the endpoint back on in Settings; its deliveries list shows each attempt and can resend them.',
        ],
        action: { label: 'Open the webhook settings', url: link },
      };
    case 'new_sign_in':
      return {
        subject: 'New sign-in to your Pactum account',
        lines: [
          'Your Pactum account was just signed in to from a browser it had not been used from before.',
          facts.signIn
            ? `When: ${facts.signIn.at.toUTCString()}. Address: ${facts.signIn.ip}. Browser: ${facts.signIn.device}.`
            : '',
          'If it was you, there is nothing to do. If it was not, open your profile to end that session, then change your password and set up two-factor sign-in.',
        ],
        action: { label: 'Review your sessions', url: link },
        from: { name: 'Pactum', footer: 'Sent by Pactum to tell you about sign-ins to your account.' },
      };
    case 'security_change':
      return securityChangeParts(facts);
    case 'signer_code':
      return {
        subject: `Your code to open "${title}"`,
        lines: [
          `Your one-time code to open "${title}" from ${sender} of ${org} is: ${facts.code ?? ''}`,
          facts.expiresAt
            ? `Enter it on the signing page. It works once, for 10 minutes (until ${facts.expiresAt.toUTCString()}).`
            : 'Enter it on the signing page. It works once, for 10 minutes.',
          'If you did not ask for a code, ignore this e-mail: nobody can open the document without it.',
        ],
      };
    case 'signer_locked':
      return {
        subject: `${facts.signerName ?? 'A signer'} is locked out of "${title}"`,
        lines: [
          `${facts.signerName ?? 'A signer'} entered a wrong code for "${title}" too many times, so the document is locked for them.`,
          'If it was them, send a reminder from the contract page: it lets them try again with a new link. If you do not recognise this, someone else may have their link.',
        ],
        action: { label: 'Open the contract', url: link },
      };
    case 'sign_up_confirmation':
      return {
        subject: 'Confirm your e-mail to finish creating your Pactum account',
        lines: [
          `Someone, hopefully you, asked to create a Pactum account for ${org} with this e-mail address. To finish, confirm the address with the link below.`,
          facts.expiresAt
            ? `The link works once, for 24 hours (until ${facts.expiresAt.toUTCString()}).`
            : 'The link works once, for 24 hours.',
          'If you did not ask for this, ignore this e-mail: no account is made without the link.',
        ],
        action: { label: 'Confirm and create your account', url: link },
        from: { name: 'Pactum', footer: 'Sent by Pactum because an account was requested for this address.' },
      };
    case 'sign_up_attempt':
      return {
        subject: 'Someone tried to create a Pactum account with your e-mail',
        lines: [
          'Someone tried to create a new Pactum account with this e-mail address, which already has an account. No new account was made, and they were told nothing about yours.',
          'If it was you: sign in with your password, or reset it if you forgot it.',
          'If it was not you, you need not do anything.',
        ],
        action: { label: 'Sign in or reset your password', url: link },
        from: { name: 'Pactum', footer: 'Sent by Pactum to the owner of this address.' },
      };
    case 'email_confirmation':
      return {
        subject: 'Confirm your e-mail address for Pactum',
        lines: [
          'Confirm that this address is yours: your Pactum account will use it for signing in and for its mail once you open the link below.',
          facts.expiresAt
            ? `The link works once, for 24 hours (until ${facts.expiresAt.toUTCString()}).`
            : 'The link works once, for 24 hours.',
          'If you did not ask for this, ignore this e-mail: nothing changes without the link.',
        ],
        action: { label: 'Confirm your e-mail address', url: link },
        from: { name: 'Pactum', footer: 'Sent by Pactum to confirm this address for an account.' },
      };
    case 'email_change_notice':
      return {
        subject: 'Your Pactum e-mail address is about to change',
        lines: [
          `Someone signed in to your Pactum account asked to change its e-mail address to ${facts.newEmail ?? 'another address'}. The change happens only once the link sent to the new address is opened.`,
          'If it was you, there is nothing to do here. If it was not, change your password now and sign out your other sessions from your profile.',
        ],
        action: { label: 'Open your profile', url: link },
        from: { name: 'Pactum', footer: 'Sent by Pactum to the address your account uses now.' },
      };
    case 'email_change_attempt':
      return {
        subject: 'Someone tried to move a Pactum account to your e-mail',
        lines: [
          'Someone signed in to another Pactum account asked to change its e-mail address to this one, which your account uses. Nothing changed: your account keeps this address, and theirs cannot take it. They were told nothing about your account.',
          'If it was you, with a second account, give that account another address. If it was not, you need not do anything.',
        ],
        action: { label: 'Sign in to Pactum', url: link },
        from: { name: 'Pactum', footer: 'Sent by Pactum to the owner of this address.' },
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
    case 'review_invitation':
      return {
        subject: `${sender} (${org}) asks you to review "${title}"`,
        lines: [
          `${sender} of ${org} asks you to review the draft of "${title}" before it is signed.`,
          'Open the link to read it and suggest changes; your suggestions go to the sender, who accepts or rejects each of them. Nothing is signed yet.',
          'The link is yours alone: a newer invitation replaces it.',
        ],
        action: { label: 'Review the draft', url: link },
      };
    case 'approval_requested':
      return {
        subject: `${facts.signerName ?? sender} asks you to approve "${title}"`,
        lines: [
          `${facts.signerName ?? sender} of ${org} asks you to approve "${title}" before it is sent for signing.`,
          'Open it to read the draft, then approve it or reject it with a comment. It cannot be sent until every approver named by your organization has approved it.',
        ],
        action: { label: 'Open the draft', url: link },
      };
    case 'approval_decided':
      return {
        subject: `${facts.signerName ?? 'An approver'} ${facts.reason?.startsWith('rejected') ? 'rejected' : 'approved'} "${title}"`,
        lines: [`${facts.signerName ?? 'An approver'} ${facts.reason ?? 'decided'} ("${title}", ${org}).`],
        action: { label: 'Open the contract', url: link },
      };
    case 'approval_withdrawn':
      return {
        subject: `"${title}" changed after you approved it`,
        lines: [
          `${facts.signerName ?? sender} of ${org} changed "${title}" after you approved it (${facts.reason ?? 'edited'}), so your approval was withdrawn.`,
          'Read the new text, then approve it again or reject it.',
        ],
        action: { label: 'Open the draft', url: link },
      };
    case 'comment_reply':
      return {
        subject: `${facts.comment?.authorName ?? sender} answered your comment on "${title}"`,
        lines: [
          `${facts.comment?.authorName ?? sender} of ${org} answered in a comment thread of yours on "${title}":`,
          `"${facts.comment?.excerpt ?? ''}"`,
          'Open your review link to read the thread and reply.',
        ],
      };
    case 'suggestions_decided':
      return {
        subject: `${sender} went through your suggestions on "${title}"`,
        lines: [
          `${sender} of ${org} went through the changes you suggested to "${title}": ${facts.reason ?? ''}`,
          'Open your review link to see what became of each change. The next version comes to you in a new review round.',
        ],
      };
  }
}

/** Where a security notice leads: the profile for a person's own sign-in, else the settings. */
export function securityChangePage(change: string, detail = ''): string {
  if (change.startsWith('webhook-')) return '/settings#webhooks';
  if (change === 'api-token-created' || change === 'two-factor-requirement-off') return '/settings';
  // A reset that left API tokens active leads to where they are revoked.
  if (change === 'password-reset' && detail.startsWith('active:')) return '/settings';
  return '/profile';
}

function securityChangeParts(facts: MailFacts): Parts {
  const change = facts.securityChange;
  const org = facts.organizationName;
  const link = facts.link ?? '';
  const when = change ? ` on ${change.at.toUTCString()}, from ${change.ip}` : '';
  const detail = change?.detail ?? '';
  const by = change?.by ?? 'An admin';
  const ownAccount = {
    name: 'Pactum',
    footer: 'Sent by Pactum to tell you about changes to how your account signs in.',
  };
  const organization = {
    name: 'Pactum',
    footer: `Sent by Pactum to every admin of ${org} about changes to its security.`,
  };
  switch (change?.change) {
    case 'wrong-codes':
      return {
        subject: 'Wrong two-factor codes were entered for your Pactum account',
        lines: [
          `Several wrong two-factor codes were entered for your account today after the right password, the latest${when}.`,
          'If it was not you, someone knows your password: change it now from your profile and sign out the other sessions. After 30 wrong codes in a day, Pactum refuses codes from your authenticator app until the day ends or a recovery code is used.',
        ],
        action: { label: 'Open your profile', url: link },
        from: ownAccount,
      };
    case 'password-reset': {
      const [fate, count = '0'] = detail.split(':');
      const one = count === '1';
      return {
        subject: 'Your Pactum password was reset',
        lines: [
          `The password of your account was reset with the link e-mailed to this address${when}, and every session was signed out.`,
          fate === 'revoked'
            ? `${one ? 'The API token you had made was' : `The ${count} API tokens you had made were`} revoked, as asked: give the integrations that used ${one ? 'it a new one' : 'them new ones'}.`
            : fate === 'active'
              ? `${one ? 'The API token you made is' : `The ${count} API tokens you made are`} still active and keep${one ? 's' : ''} working without your password. Revoke any you do not recognize under API tokens in Settings.`
              : '',
          'If it was not you, someone can read your e-mail: secure your mailbox, then reset your password again and set up two-factor sign-in.',
        ],
        action:
          fate === 'active'
            ? { label: 'Manage your API tokens', url: link }
            : { label: 'Open your profile', url: link },
        from: ownAccount,
      };
    }
    case 'api-token-created':
      return {
        subject: `An API token was created with your Pactum account (${org})`,
        lines: [
          `The API token "${detail}" was created with your account in ${org}${when}. It can ${change.scope === 'read-write' ? 'read and change' : 'read'} the organization's contracts with your rights ${change.expiresAt ? `until ${change.expiresAt.toUTCString()}` : 'and never expires'}, unless it is revoked; signing out does not stop it.`,
          'If it was you, there is nothing to do. If it was not, revoke it now in Settings, API tokens, then sign out your other sessions and change your password.',
        ],
        action: { label: 'Open the API tokens', url: link },
        from: { ...ownAccount, footer: 'Sent by Pactum to tell you about access made with your account.' },
      };
    case 'two-factor-requirement-off':
      return {
        subject: `Two-factor sign-in is no longer required in ${org}`,
        lines: [
          `${by} turned off the two-factor sign-in requirement of ${org}${when}. Members may now sign in with a password alone.`,
          'If that was meant, there is nothing to do. If not, turn it back on in Settings and have the admins check their sessions and change their passwords.',
        ],
        action: { label: 'Open the settings', url: link },
        from: organization,
      };
    case 'webhook-added':
    case 'webhook-moved':
      return {
        subject: `Contract events of ${org} now go to a new webhook endpoint`,
        lines: [
          `${by} ${change.change === 'webhook-added' ? 'added a webhook endpoint' : 'pointed a webhook endpoint'} to ${detail}${when}. Pactum sends it the organization's contract events as they happen.`,
          'If that was meant, there is nothing to do. If not, delete the endpoint in Settings, Webhooks, and have the admins check their sessions and change their passwords.',
        ],
        action: { label: 'Open the webhooks', url: link },
        from: organization,
      };
  }
  const what: Record<string, string> = {
    'totp-on': 'An authenticator app was set up for two-factor sign-in',
    'totp-off': 'The authenticator app was turned off for two-factor sign-in',
    'passkey-added': `A passkey${detail ? ` ("${detail}")` : ''} was added`,
    'passkey-removed': `A passkey${detail ? ` ("${detail}")` : ''} was removed`,
    'recovery-codes': 'New recovery codes were made (the old ones no longer work)',
  };
  return {
    subject: 'Two-factor sign-in changed on your Pactum account',
    lines: [
      `${what[change?.change ?? ''] ?? 'How your account signs in changed'}${when}.`,
      'If it was you, there is nothing to do. If it was not, open your profile now: remove what you do not recognize, sign out the other sessions and change your password.',
    ],
    action: { label: 'Open your profile', url: link },
    from: ownAccount,
  };
}

/** Tells an invited signer which codes to have ready; an access code comes from the sender, never by e-mail. */
function checksLine(checks: MailFacts['signerChecks'], sender: string): string {
  if (!checks?.accessCode && !checks?.emailCode) return '';
  if (checks.accessCode && checks.emailCode) {
    return `Before the document opens you will be asked for the access code ${sender} gave you (it is not in this e-mail), and for a one-time code that we e-mail you then.`;
  }
  if (checks.accessCode) {
    return `Before the document opens you will be asked for the access code ${sender} gave you. It is not in this e-mail: ask ${sender} if you do not have it.`;
  }
  return 'Before the document opens we will e-mail you a one-time code to enter, to confirm it is you.';
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
 * A message whose link lets whoever opens it act as the recipient: sign, review, join the team,
 * reset a password, confirm an address. The recipient gets the link; the copy the local outbox
 * keeps says where it went instead, so nobody who reads the outbox (an admin, before SMTP is set
 * up) can act in the recipient's place.
 */
export function composeAccessMail(facts: MailFacts & { link: string }): AccessMail {
  const kept = composeMail(facts, { withholdLink: true });
  return { ...composeMail(facts), accessLink: facts.link, kept: { text: kept.text, html: kept.html } };
}

/**
 * Plain-text and HTML bodies of one message. No images and no tracking: the HTML is the text,
 * set in a simple card, with the one action as a button (or, link withheld, a note).
 */
export function composeMail(facts: MailFacts, options: { withholdLink?: boolean } = {}): ComposedMail {
  const parts = partsOf(facts);
  const withheld = options.withholdLink === true;
  const lines = parts.lines.filter((line) => line !== '');
  const greeting = facts.recipientName ? `Hello ${facts.recipientName},` : 'Hello,';
  const from = parts.from?.name ?? facts.organizationName;
  const footer = parts.from?.footer ?? `Sent by Pactum on behalf of ${facts.organizationName}.`;
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

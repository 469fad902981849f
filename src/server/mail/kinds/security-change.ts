import { z } from 'zod';
import { settingsSectionPath } from '../../../shared/settings-sections';
import { fromPactum, type MailFrame, type Parts, renderMail } from '../mail-layout';
import { defineMail } from './define-mail';

/**
 * A change to how the account signs in, a token made with it, or a guard of the organization
 * lowered: what, its detail (a passkey's or token's name, a webhook's URL), when, from where,
 * by whom (for the other admins), and a token's scope and expiry ('' for never).
 */
const params = z.object({
  change: z.string(),
  detail: z.string(),
  at: z.string(),
  ip: z.string(),
  by: z.string().optional(),
  scope: z.string().optional(),
  expiresAt: z.string().optional(),
});

type SecurityChange = {
  change: string;
  detail: string;
  at: Date;
  ip: string;
  by?: string;
  scope?: string;
  expiresAt?: Date | null;
};

type SecurityChangeFacts = MailFrame & { link: string; securityChange: SecurityChange };

/**
 * A way of signing in added or removed, wrong codes tried, a password reset, a token made, a guard
 * of the organization lowered: the facts were kept when it happened.
 */
export const securityChange = defineMail({
  kind: 'security_change',
  params,
  compose: (facts: SecurityChangeFacts) => renderMail(facts, securityChangeParts(facts)),
});

/** Where a security notice leads: the profile for a person's own sign-in, else the settings section. */
export function securityChangePage(change: string, detail: string): string {
  if (change.startsWith('webhook-')) return settingsSectionPath('webhooks');
  if (change === 'api-token-created') return settingsSectionPath('api-tokens');
  if (change === 'two-factor-requirement-off') return settingsSectionPath('two-factor');
  // A reset that left API tokens active leads to where they are revoked.
  if (change === 'password-reset' && detail.startsWith('active:')) return settingsSectionPath('api-tokens');
  return '/profile';
}

function securityChangeParts(facts: SecurityChangeFacts): Parts {
  const change = facts.securityChange;
  const org = facts.organizationName;
  const link = facts.link;
  const when = ` on ${change.at.toUTCString()}, from ${change.ip}`;
  const detail = change.detail;
  const by = change.by ?? 'An admin';
  const ownAccount = fromPactum('Sent by Pactum to tell you about changes to how your account signs in.');
  const organization = fromPactum(`Sent by Pactum to every admin of ${org} about changes to its security.`);
  switch (change.change) {
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
              ? `${one ? 'The API token you made is' : `The ${count} API tokens you made are`} still active and keep${one ? 's' : ''} working without your password. Revoke any you do not recognize in Settings, Developers, API tokens.`
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
          'If it was you, there is nothing to do. If it was not, revoke it now in Settings, Developers, API tokens, then sign out your other sessions and change your password.',
        ],
        action: { label: 'Open the API tokens', url: link },
        from: { ...ownAccount, footer: 'Sent by Pactum to tell you about access made with your account.' },
      };
    case 'two-factor-requirement-off':
      return {
        subject: `Two-factor sign-in is no longer required in ${org}`,
        lines: [
          `${by} turned off the two-factor sign-in requirement of ${org}${when}. Members may now sign in with a password alone.`,
          'If that was meant, there is nothing to do. If not, turn it back on in Settings, Security, and have the admins check their sessions and change their passwords.',
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
          'If that was meant, there is nothing to do. If not, delete the endpoint in Settings, Developers, Webhooks, and have the admins check their sessions and change their passwords.',
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
      `${what[change.change] ?? 'How your account signs in changed'}${when}.`,
      'If it was you, there is nothing to do. If it was not, open your profile now: remove what you do not recognize, sign out the other sessions and change your password.',
    ],
    action: { label: 'Open your profile', url: link },
    from: ownAccount,
  };
}

import { z } from 'zod';
import { fromPactum, type MailFrame, renderAccessMail, renderMail } from '../mail-layout';
import { defineMail } from './define-mail';

/**
 * A reset mail gets its link now (only the token's hash is stored), for the account named in the
 * message, and none when that account is gone or no longer has this e-mail address.
 */
export const passwordReset = defineMail({
  kind: 'password_reset',
  params: z.object({ userId: z.string().min(1) }),
  compose: (facts: MailFrame & { resetLink: string; expiresAt: Date }) =>
    renderAccessMail(facts, {
      subject: 'Reset your Pactum password',
      lines: [
        'Someone asked to reset the password of your Pactum account. To choose a new password, open the link below.',
        `The link works once, for one hour (until ${facts.expiresAt.toUTCString()}). Setting a new password signs you out on every device.`,
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ],
      action: { label: 'Reset your password', url: facts.resetLink },
      from: fromPactum('Sent by Pactum because a password reset was requested for this e-mail address.'),
    }),
});

/** A sign-in from a new browser: the facts were kept when it happened; the link leads to the sessions. */
export const newSignIn = defineMail({
  kind: 'new_sign_in',
  params: z.object({ at: z.string(), ip: z.string(), device: z.string() }),
  compose: (facts: MailFrame & { link: string; at: Date; ip: string; device: string }) =>
    renderMail(facts, {
      subject: 'New sign-in to your Pactum account',
      lines: [
        'Your Pactum account was just signed in to from a browser it had not been used from before.',
        `When: ${facts.at.toUTCString()}. Address: ${facts.ip}. Browser: ${facts.device}.`,
        'If it was you, there is nothing to do. If it was not, open your profile to end that session, then change your password and set up two-factor sign-in.',
      ],
      action: { label: 'Review your sessions', url: facts.link },
      from: fromPactum('Sent by Pactum to tell you about sign-ins to your account.'),
    }),
});

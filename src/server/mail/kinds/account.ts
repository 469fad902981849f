import { z } from 'zod';
import { fromPactum, type MailFrame, renderAccessMail, renderMail } from '../mail-layout';
import { defineMail } from './define-mail';

/** A confirmation's link, made when it is delivered (services/mail/facts/account.ts). */
type ConfirmationFacts = MailFrame & { confirmationLink: string; expiresAt: Date };

/** A link to a page of the app, for mail about an account. */
type LinkFacts = MailFrame & { link: string };

export const signUpConfirmation = defineMail({
  kind: 'sign_up_confirmation',
  params: z.object({ verificationId: z.string() }),
  compose: (facts: ConfirmationFacts) =>
    renderAccessMail(facts, {
      subject: 'Confirm your e-mail to finish creating your Pactum account',
      lines: [
        `Someone, hopefully you, asked to create a Pactum account for ${facts.organizationName} with this e-mail address. To finish, confirm the address with the link below.`,
        `The link works once, for 24 hours (until ${facts.expiresAt.toUTCString()}).`,
        'If you did not ask for this, ignore this e-mail: no account is made without the link.',
      ],
      action: { label: 'Confirm and create your account', url: facts.confirmationLink },
      from: fromPactum('Sent by Pactum because an account was requested for this address.'),
    }),
});

export const emailConfirmation = defineMail({
  kind: 'email_confirmation',
  params: z.object({ verificationId: z.string(), userId: z.string() }),
  compose: (facts: ConfirmationFacts) =>
    renderAccessMail(facts, {
      subject: 'Confirm your e-mail address for Pactum',
      lines: [
        'Confirm that this address is yours: your Pactum account will use it for signing in and for its mail once you open the link below.',
        `The link works once, for 24 hours (until ${facts.expiresAt.toUTCString()}).`,
        'If you did not ask for this, ignore this e-mail: nothing changes without the link.',
      ],
      action: { label: 'Confirm your e-mail address', url: facts.confirmationLink },
      from: fromPactum('Sent by Pactum to confirm this address for an account.'),
    }),
});

/** To the owner of an address someone tried to sign up with: sign in or reset instead. */
export const signUpAttempt = defineMail({
  kind: 'sign_up_attempt',
  params: z.object({}),
  compose: (facts: LinkFacts) =>
    renderMail(facts, {
      subject: 'Someone tried to create a Pactum account with your e-mail',
      lines: [
        'Someone tried to create a new Pactum account with this e-mail address, which already has an account. No new account was made, and they were told nothing about yours.',
        'If it was you: sign in with your password, or reset it if you forgot it.',
        'If it was not you, you need not do anything.',
      ],
      action: { label: 'Sign in or reset your password', url: facts.link },
      from: fromPactum('Sent by Pactum to the owner of this address.'),
    }),
});

/** To the address an account uses now: it asked to move to `newEmail`. */
export const emailChangeNotice = defineMail({
  kind: 'email_change_notice',
  params: z.object({ newEmail: z.string() }),
  compose: (facts: LinkFacts & { newEmail: string }) =>
    renderMail(facts, {
      subject: 'Your Pactum e-mail address is about to change',
      lines: [
        `Someone signed in to your Pactum account asked to change its e-mail address to ${facts.newEmail}. The change happens only once the link sent to the new address is opened.`,
        'If it was you, there is nothing to do here. If it was not, change your password now and sign out your other sessions from your profile.',
      ],
      action: { label: 'Open your profile', url: facts.link },
      from: fromPactum('Sent by Pactum to the address your account uses now.'),
    }),
});

/** To the owner of an address another account tried to move to: nothing changed. */
export const emailChangeAttempt = defineMail({
  kind: 'email_change_attempt',
  params: z.object({}),
  compose: (facts: LinkFacts) =>
    renderMail(facts, {
      subject: 'Someone tried to move a Pactum account to your e-mail',
      lines: [
        'Someone signed in to another Pactum account asked to change its e-mail address to this one, which your account uses. Nothing changed: your account keeps this address, and theirs cannot take it. They were told nothing about your account.',
        'If it was you, with a second account, give that account another address. If it was not, you need not do anything.',
      ],
      action: { label: 'Sign in to Pactum', url: facts.link },
      from: fromPactum('Sent by Pactum to the owner of this address.'),
    }),
});

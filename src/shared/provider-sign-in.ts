/**
 * Why a Google or Microsoft sign-in did not complete. The server sends only the reason back to
 * /login (?error=reason); the words are here, so no text from a URL is ever shown as is.
 */
export const providerFailureMessages = {
  not_configured: 'This sign-in method is not configured on this server.',
  unavailable: 'The sign-in provider cannot be reached right now. Try again, or use your password.',
  expired: 'The sign-in took too long or was started in another browser. Please try again.',
  canceled: 'The sign-in was canceled.',
  failed: 'The sign-in could not be completed. Please try again.',
  no_email: 'Your account did not share an e-mail address, which Pactum needs.',
  unverified:
    'An account with this e-mail already exists, and the provider did not confirm the address. Sign in with your password.',
  account_unverified:
    'An account with this e-mail already exists, but its address was never confirmed, so it cannot be joined to this sign-in. Sign in with your password, or reset the password: the reset link goes to that address and confirms it.',
} as const;

export type ProviderFailure = keyof typeof providerFailureMessages;

export function providerFailureMessage(reason: string | null): string | null {
  return reason && reason in providerFailureMessages
    ? providerFailureMessages[reason as ProviderFailure]
    : null;
}

/** The OpenID Connect providers Pactum can sign in with (each needs its client id and secret). */
export const identityProviderNames = ['google', 'microsoft'] as const;

/**
 * Who passkeys are made for: the relying party is APP_URL's host name, and only pages on APP_URL's
 * origin may use them, so a passkey made for Pactum answers nowhere else.
 */
export type WebAuthnParty = { rpId: string; origin: string; rpName: string };

export function webAuthnPartyOf(appUrl: URL): WebAuthnParty {
  return { rpId: appUrl.hostname, origin: appUrl.origin, rpName: 'Pactum' };
}

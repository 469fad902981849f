import { type RecipientRole, roleOf } from './recipients/roles';

/** What a recipient accepts before acting: its version, title and exact text. */
export type Disclosure = { version: string; title: string; text: string };

/**
 * The electronic-signature disclosure a signer (or a witness) accepts before signing. A change of
 * wording is a new version: the version accepted, and the SHA-256 of its exact text, are recorded.
 */
export const consentDisclosure = {
  version: '2026-11-01',
  title: 'Consent to sign electronically',
  text: [
    'You agree to receive this document and sign it electronically, and that your electronic signature has the same effect as a handwritten one.',
    'Your name, e-mail address, the fields you fill in, your signature, the time, your IP address and your browser are recorded with the document, in a certificate that is part of the signed PDF.',
    'You can ask the sender for a paper copy, or decline to sign, at any time before you sign. Once everyone has signed you receive the sealed PDF by e-mail.',
  ].join('\n\n'),
} as const satisfies Disclosure;

/** What an approver accepts before approving: they sign nothing, and may reject instead. */
export const approvalConsentDisclosure = {
  version: '2026-12-03',
  title: 'Consent to approve electronically',
  text: [
    'You agree to receive this document and approve it electronically, and that your electronic approval has the same effect as one given on paper.',
    'Your name, e-mail address, the fields you fill in, the time, your IP address and your browser are recorded with the document, in a certificate that is part of the signed PDF.',
    'You can ask the sender for a paper copy, or reject the document, at any time before you approve it. Once everyone has acted you receive the sealed PDF by e-mail.',
  ].join('\n\n'),
} as const satisfies Disclosure;

/** The disclosure a recipient in this role accepts: signing for those who sign, approving for approvers. */
export const consentFor = (role: RecipientRole): Disclosure =>
  roleOf(role).signs ? consentDisclosure : approvalConsentDisclosure;

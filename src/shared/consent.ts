/**
 * The electronic-signature disclosure a signer accepts before signing. A change of wording is a
 * new version: the version a signer accepted, and the SHA-256 of its exact text, are recorded.
 */
export const consentDisclosure = {
  version: '2026-11-01',
  title: 'Consent to sign electronically',
  text: [
    'You agree to receive this document and sign it electronically, and that your electronic signature has the same effect as a handwritten one.',
    'Your name, e-mail address, the fields you fill in, your signature, the time, your IP address and your browser are recorded with the document, in a certificate that is part of the signed PDF.',
    'You can ask the sender for a paper copy, or decline to sign, at any time before you sign. Once everyone has signed you receive the sealed PDF by e-mail.',
  ].join('\n\n'),
} as const;

import { type FinalInput, finalizeContract } from './finalize-contract';
import { freezeContract } from './freeze-contract';
import { sampleContract } from './sample-document';
import { signaturePng } from './sample-signature';

let warm = false;

/**
 * Readies this thread for a completion, once in its life: the first completion in a new thread
 * paid about a second more on this 2-core machine (its code compiled, the fonts read and parsed),
 * so the signing page asks for this when a contract's last signer opens it (routes/signing.ts),
 * minutes before the seal. Completes a one-page sample as a contract is completed (added to). Nothing is kept but what was warmed.
 */
export async function warmUp(certificate: { p12: Uint8Array; password: string }): Promise<void> {
  if (warm) return;
  warm = true;
  const at = new Date(0);
  const frozen = await freezeContract({
    title: 'Warm-up',
    content: sampleContract(1),
    organizationName: 'Pactum',
    reference: 'warm-up',
    sentAt: at,
  });
  const image = new Uint8Array(signaturePng());
  const input: FinalInput = {
    title: 'Warm-up',
    reference: 'warm-up',
    organizationName: 'Pactum',
    sender: { name: 'Pactum', email: 'warm-up@pactum.invalid' },
    completedAt: at,
    frozen: frozen.bytes,
    frozenSha256: frozen.sha256,
    signers: [
      {
        name: 'Ελένη Łódź',
        email: 'signer@pactum.invalid',
        signedAt: at,
        signatureImage: image,
        ip: null,
        userAgent: null,
        fields: [],
      },
    ],
    events: [
      { timestamp: at, action: 'completed', actor: 'Pactum', details: null, ip: null, userAgent: null },
    ],
    certificate,
    fields: [
      { page: 0, x: 0.1, y: 0.8, width: 0.3, height: 0.05, value: { kind: 'image', image, format: 'png' } },
      {
        page: 0,
        x: 0.5,
        y: 0.8,
        width: 0.3,
        height: 0.03,
        value: { kind: 'text', text: 'Łódź', multiline: false },
      },
    ],
  };
  await finalizeContract(input);
}

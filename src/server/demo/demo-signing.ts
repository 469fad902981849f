import { eq } from 'drizzle-orm';
import { consentDisclosure } from '../../shared/consent';
import type { ContractStatus, SignerStatus } from '../../shared/statuses';
import type { ServiceContext } from '../context';
import { contracts, signers } from '../db/schema';
import { sendContract } from '../services/contracts/send-contract';
import { declineContract } from '../services/signing/decline-contract';
import { findSignerWithContract } from '../services/signing/find-signer';
import { markSignerViewed } from '../services/signing/mark-signer-viewed';
import { signContract } from '../services/signing/sign-contract';
import { expireContract } from '../services/sweeps/expire-contracts';
import { signatureDataUrl } from './demo-signature';

export type DemoSigning = {
  status: ContractStatus;
  signers: { email: string; status: SignerStatus }[];
};

/** The demo's signers act from nowhere in particular: no address or browser is made up for them. */
const origin = { ip: null, userAgent: null };

/**
 * Brings a seeded draft to its demo status the way people would: sent (frozen PDF, invitations),
 * opened, signed or declined by its signers, expired by the sweep's own step. Every step goes
 * through the services, so the history, the events and what they cause (the bell, the outbox,
 * the seal once the background work runs) are what a real contract would have.
 */
export async function playDemoSigning(
  ctx: ServiceContext<'pdf' | 'files' | 'content'>,
  contractId: string,
  demo: DemoSigning,
): Promise<void> {
  if (demo.status === 'draft') return;
  const tx = ctx.db;
  await sendContract(ctx, contractId, { sequential: false });
  const rows = await tx.select().from(signers).where(eq(signers.contractId, contractId));
  for (const wanted of demo.signers) {
    const signer = rows.find((row) => row.email === wanted.email);
    if (!signer || wanted.status === 'pending') continue;
    await tx.transaction(async (inner) => {
      const found = await findSignerWithContract(inner, signer.id, { lock: true });
      await markSignerViewed(inner, { ...found, origin });
    });
    if (wanted.status === 'signed') {
      await signContract(
        { db: tx, content: ctx.content, signerId: signer.id, linkId: null, origin },
        {
          consentVersion: consentDisclosure.version,
          fields: { fullName: signer.name },
          signature: { kind: 'drawn', image: signatureDataUrl() },
        },
      );
    } else if (wanted.status === 'declined') {
      await declineContract(
        { db: tx, signerId: signer.id, linkId: null, origin },
        'The terms changed; a new version will follow.',
      );
    }
  }
  if (demo.status === 'expired') {
    const [contract] = await tx.select().from(contracts).where(eq(contracts.id, contractId)).for('update');
    if (contract) await expireContract(tx, contract, new Date());
  }
}

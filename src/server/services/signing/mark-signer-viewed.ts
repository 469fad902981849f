import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContractRow, type SignerRow, signers } from '../../db/schema';
import { transition } from '../lifecycle/transition';
import { signerAuthor } from './find-signer';
import { signingStateOf } from './signing-state';

/**
 * The first time a signer who may sign sees the document: marked viewed, with a history entry
 * and a notification to the owner. Run with the contract row locked. A signer who must
 * authenticate is only marked once every check is passed, since only then is the document shown.
 */
export async function markSignerViewed(
  tx: Database,
  input: {
    contract: ContractRow;
    signer: SignerRow;
    signers: SignerRow[];
    origin: { ip: string | null; userAgent: string | null };
  },
): Promise<void> {
  const { contract, signer } = input;
  const state = signingStateOf({ contract, signer, signers: input.signers });
  if (state !== 'ready' || signer.status !== 'pending') return;
  const now = new Date();
  await tx.update(signers).set({ status: 'viewed', viewedAt: now }).where(eq(signers.id, signer.id));
  await transition(tx, {
    contract,
    step: 'contract.viewed',
    facts: { signerId: signer.id, signerName: signer.name, signerEmail: signer.email },
    author: signerAuthor(signer, input.origin),
    at: now,
  });
}

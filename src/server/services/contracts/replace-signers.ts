import { eq } from 'drizzle-orm';
import type { CreateContractInput } from '../../../shared/api/contracts';
import type { Database } from '../../db/client';
import { signers } from '../../db/schema';

/** Sets a draft's signer list: the order given is the signing order unless each says its own. */
export async function replaceSigners(
  tx: Database,
  contractId: string,
  list: CreateContractInput['signers'],
  now: Date,
): Promise<void> {
  await tx.delete(signers).where(eq(signers.contractId, contractId));
  if (list.length === 0) return;
  await tx.insert(signers).values(
    list.map((signer, index) => ({
      ...(signer.id ? { id: signer.id } : {}),
      contractId,
      name: signer.name,
      email: signer.email,
      signingOrder: signer.signingOrder ?? index + 1,
      createdAt: now,
    })),
  );
}

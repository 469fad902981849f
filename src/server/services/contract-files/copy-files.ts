import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractFiles, contracts } from '../../db/schema';
import { contractFileRows } from './contract-file-rows';

/**
 * Gives a new draft or template the PDFs of the one it is made from (a template, a duplicate, a
 * contract saved as a template), in the same order and with its text at the same place. The
 * bytes are stored once by their hash: only the rows are copied.
 */
export async function copyFiles(
  tx: Database,
  from: { id: string; textPosition: number },
  to: { id: string; createdBy: string | null; at: Date },
): Promise<void> {
  const files = await contractFileRows(tx, from.id);
  if (files.length === 0) return;
  await tx.insert(contractFiles).values(
    files.map(
      ({ id: _id, contractId: _contractId, createdBy: _createdBy, createdAt: _createdAt, ...file }) => ({
        ...file,
        contractId: to.id,
        createdBy: to.createdBy,
        createdAt: to.at,
      }),
    ),
  );
  await tx.update(contracts).set({ textPosition: from.textPosition }).where(eq(contracts.id, to.id));
}

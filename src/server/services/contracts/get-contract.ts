import { and, asc, eq, sql } from 'drizzle-orm';
import type { Contract } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { jsonText } from '../../db/json-text';
import { preparedOnce } from '../../db/prepared';
import { contractFiles, contracts, signers } from '../../db/schema';
import { ownContractsPrepared, scopeParams } from '../../policies/scope';
import {
  contractSummaryRelationColumns,
  presentContract,
  signerRelationColumns,
} from '../../presenters/contract';
import { placedFieldRows } from '../contract-files/placed-field-rows';

// The most frequent read: contract and signers in one prepared statement.
const contractWithSigners = preparedOnce((db) =>
  db.query.contracts
    .findFirst({
      columns: { ...contractSummaryRelationColumns, contentHtml: true, revision: true, textPosition: true },
      // The document as its text, written into the response as it is (presenters/raw-json.ts).
      extras: { contentJson: jsonText(contracts.content).as('content_json') },
      where: and(eq(contracts.id, sql.placeholder('id')), ownContractsPrepared),
      with: {
        signers: {
          columns: signerRelationColumns,
          orderBy: [asc(signers.position), asc(signers.createdAt)],
        },
        files: {
          orderBy: [asc(contractFiles.position)],
          // Which pages search cannot find anything on, never the text itself.
          with: { text: { columns: { textlessPages: true, unreadPages: true } } },
        },
      },
    })
    .prepare('get_contract'),
);

/** A contract or template of the actor's organization, with its signers. */
export async function getContract(ctx: ServiceContext, id: string): Promise<Contract> {
  const { db, actor } = ctx;
  const row = await contractWithSigners(db).execute({ id, ...scopeParams(actor) });
  if (!row) throw new AppError('NOT_FOUND', 'Contract not found');
  // The fields in reading order, by their PDF's place: a second statement only when there are PDFs.
  const fields = row.files.length > 0 ? await placedFieldRows(db, row.id) : [];
  return presentContract(row, row.signers, row.files, fields);
}

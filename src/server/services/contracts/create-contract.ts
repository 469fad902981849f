import { and, eq } from 'drizzle-orm';
import type { CreateContractInput } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { storedJson } from '../../db/json-text';
import { contracts } from '../../db/schema';
import { copyFiles, type FieldCopy } from '../contract-files/copy-files';
import { authorOf } from '../history/author-of';
import type { CreationOrigin } from '../lifecycle/steps';
import { transition } from '../lifecycle/transition';
import { resolveProjectId } from '../projects/default-project';
import { copyTerms } from '../terms/copy-terms';
import { recordVersion } from '../versions/record-version';
import { hashAccessCodes, type SignerToStore } from './hash-access-codes';
import { replaceSigners } from './replace-signers';

/**
 * Creates a draft (or a template). A client-chosen id makes the call safe to retry: creating
 * the same id again returns the contract made the first time, and changes nothing.
 */
export async function createContract(
  ctx: ServiceContext<'content'>,
  input: Omit<CreateContractInput, 'signers'> & { signers: SignerToStore[] },
  /** What it is made from, named in its history and in its event. */
  origin: CreationOrigin | null = null,
  /** How the origin's placed fields are copied: their recipients renumbered, some prefilled (copy-files.ts). */
  copy: FieldCopy = {},
): Promise<{ id: string; created: boolean }> {
  const { db, actor } = ctx;
  const { json, contentHtml } = await ctx.content.prepare(input.content);
  // Hashed before the transaction opens: argon2 inside it would hold the database meanwhile.
  const signerList = await hashAccessCodes(input.signers);
  return db.transaction(async (tx) => {
    if (input.id) {
      const existing = await findExisting(tx, actor, input.id, input.isTemplate);
      if (existing) return existing;
    }
    const now = new Date();
    const projectId = input.isTemplate ? null : await resolveProjectId(tx, actor, input.projectId);
    const [row] = await tx
      .insert(contracts)
      .values({
        ...(input.id ? { id: input.id } : {}),
        organizationId: actor.organizationId,
        projectId,
        title: input.title,
        content: storedJson(json),
        contentHtml,
        isTemplate: input.isTemplate,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        createdBy: actor.userId,
        createdByName: actor.userName,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: contracts.id });
    if (!row) {
      // A concurrent retry of the same create committed first.
      const existing = input.id ? await findExisting(tx, actor, input.id, input.isTemplate) : undefined;
      if (existing) return existing;
      throw new AppError('ID_CONFLICT', 'This id is already in use', 'id');
    }
    await replaceSigners(tx, row.id, signerList, now);
    if (origin) {
      // What it is made from may be made of PDFs too: they come along, in their order.
      const [source] = await tx
        .select({ id: contracts.id, textPosition: contracts.textPosition })
        .from(contracts)
        .where(and(eq(contracts.id, origin.id), eq(contracts.organizationId, actor.organizationId)));
      if (source) await copyFiles(tx, source, { id: row.id, createdBy: actor.userId, at: now }, copy);
    }
    const author = authorOf(actor);
    await recordVersion(tx, {
      contractId: row.id,
      kind: 'edited',
      author: { id: actor.userId, name: author.userName },
      at: now,
      editSession: input.editSession ?? null,
    });
    await transition(tx, {
      contract: { id: row.id, organizationId: actor.organizationId, status: 'draft' },
      step: 'contract.created',
      facts: {
        isTemplate: input.isTemplate ? 'true' : 'false',
        templateId: origin?.from === 'template' ? origin.id : null,
        copiedFromId: origin && origin.from !== 'template' ? origin.id : null,
        origin,
      },
      author,
      at: now,
    });
    if (origin) {
      const made = {
        id: row.id,
        organizationId: actor.organizationId,
        status: 'draft' as const,
        isTemplate: input.isTemplate,
      };
      await copyTerms(tx, origin.id, made, json, author, now);
    }
    return { id: row.id, created: true };
  });
}

/**
 * The object a repeated create made the first time. An id taken by another organization, or by
 * a different kind of document, is a conflict (ids are random UUIDs: a clash is a client bug).
 */
async function findExisting(
  tx: Database,
  actor: Actor,
  id: string,
  isTemplate: boolean,
): Promise<{ id: string; created: false } | undefined> {
  const [existing] = await tx
    .select({ organizationId: contracts.organizationId, isTemplate: contracts.isTemplate })
    .from(contracts)
    .where(eq(contracts.id, id));
  if (!existing) return undefined;
  if (existing.organizationId !== actor.organizationId || existing.isTemplate !== isTemplate) {
    throw new AppError('ID_CONFLICT', 'This id is already in use', 'id');
  }
  return { id, created: false };
}

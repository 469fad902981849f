import { eq, sql } from 'drizzle-orm';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { AppError } from '../../../shared/errors';
import type { EventType } from '../../../shared/events';
import { isEditable } from '../../../shared/statuses';
import type { Database } from '../../db/client';
import { storedJson } from '../../db/json-text';
import { type ContractHead, commentThreads, contracts } from '../../db/schema';
import { withdrawApprovals } from '../approvals/withdraw-approvals';
import { reanchorThreads } from '../comments/reanchor-threads';
import type { CheckedContent } from '../contracts/content-engine';
import { followMergeFields } from '../terms/merge-field-terms';
import { checkRevision } from '../versions/check-revision';
import { recordVersion, type VersionInput } from '../versions/record-version';
import type { HistoryAuthor } from './append-history';
import type { StepFacts } from './steps';
import { transition } from './transition';

/** Columns of a draft a revision may change besides its title and content. */
type DraftColumns = Partial<Pick<ContractHead, 'projectId' | 'expiresAt' | 'delegation' | 'textPosition'>>;

export type DraftRevision<T extends EventType> = {
  /** The draft, read with its row locked (FOR UPDATE) in this transaction; its document is not needed. */
  contract: ContractHead;
  /** The revision the person read; undefined when they did not read first (an API client). */
  baseRevision: number | undefined;
  /** What the refusal of a stale revision tells the person became of their change. */
  staleRevision?: string;
  title?: string;
  /** The checked content (JSON text) and the HTML rendered from it. */
  content?: CheckedContent;
  set?: DraftColumns;
  /** The version a new title or content makes (a restore makes one even when nothing changed). */
  version: Pick<VersionInput, 'kind' | 'editSession' | 'restoredFrom'> & { evenIfUnchanged?: boolean };
  /** Why approvals given to the text as it was are withdrawn when the title or content changes. */
  why: string;
  /** The PDFs changed (added, replaced, removed or reordered): approvals are withdrawn as for the text. */
  documentsChanged?: boolean;
  author: HistoryAuthor;
  at: Date;
  /** The step taken, given the version the revision made (null when the text did not change). */
  step: (version: number | null) => { step: T; facts: StepFacts<T> };
};

/**
 * Refuses a revision of a contract that is no longer a draft, or that changed since the person
 * read it. `reviseDraft` checks it; a caller with checks of its own to make first calls it before.
 */
export async function checkRevisable(
  tx: Database,
  row: Pick<ContractHead, 'id' | 'status' | 'revision'>,
  baseRevision: number | undefined,
  staleRevision?: string,
): Promise<void> {
  if (!isEditable(row.status)) {
    throw new AppError('CONTRACT_NOT_EDITABLE', `This contract is ${row.status} and can no longer be edited`);
  }
  await checkRevision(tx, row, baseRevision, staleRevision);
}

/**
 * The one writer of a draft's title and content, for edits, restores and accepted suggestions
 * (and of its revision when its PDFs change, services/contract-files):
 * checks the draft is editable and not changed since it was read, writes it with its next
 * revision, moves the comment threads to where their passages are now, records the version,
 * takes the step (history and event) and withdraws approvals given to the text as it was.
 */
export async function reviseDraft<T extends EventType>(
  tx: Database,
  revision: DraftRevision<T>,
): Promise<{ version: number | null }> {
  const { contract: row, at, author } = revision;
  await checkRevisable(tx, row, revision.baseRevision, revision.staleRevision);
  const content = revision.content;
  // The document is compared and its old text read in the database, from the row as it was
  // before this statement: neither version is parsed here unless threads must be moved. The
  // content thread writes one document as one text (its keys always in the same order), so the
  // texts differ when the documents do.
  const before = sql`(select old.content::text from ${contracts} as old where old.id = ${row.id}::uuid)`;
  const [written] = await tx
    .update(contracts)
    .set({
      ...(revision.title === undefined ? {} : { title: revision.title }),
      ...(content === undefined
        ? {}
        : { content: storedJson(content.json), contentHtml: content.contentHtml }),
      ...revision.set,
      revision: row.revision + 1,
      updatedAt: at,
    })
    .where(eq(contracts.id, row.id))
    .returning({
      contentChanged: sql<boolean>`${contracts.content}::text is distinct from ${before}`,
      threadedBefore: sql<string | null>`case when exists (
        select 1 from ${commentThreads} where ${commentThreads.contractId} = ${row.id}::uuid
      ) then ${before} end`,
    });
  const titleChanged = revision.title !== undefined && revision.title !== row.title;
  const contentChanged = content !== undefined && written?.contentChanged === true;
  // Comment threads follow their passages (or say they were deleted).
  if (contentChanged && content && written?.threadedBefore) {
    const parse = (json: string) => JSON.parse(json) as EditorDocument;
    await reanchorThreads(tx, row.id, parse(written.threadedBefore), parse(content.json), at);
  }
  const { evenIfUnchanged, ...versionKind } = revision.version;
  const version =
    titleChanged || contentChanged || evenIfUnchanged
      ? await recordVersion(tx, {
          ...versionKind,
          contractId: row.id,
          author: { id: author.userId, name: author.userName },
          at,
        })
      : null;
  const taken = revision.step(version?.number ?? null);
  await transition(tx, { contract: row, step: taken.step, facts: taken.facts, author, at });
  // Terms that follow a merge field take its new value.
  if (contentChanged && content) await followMergeFields(tx, row, content.json, author, at);
  // Approvals were given for the documents as they were: a new title, content or PDF withdraws them.
  if (version || revision.documentsChanged)
    await withdrawApprovals(tx, { contract: row, author, why: revision.why, at });
  return { version: version?.number ?? null };
}

import { offsetMapper, relocateAnchor, type TextAnchor } from '../../../editor/comments/anchor';
import { documentPlainText } from '../../../editor/comments/plain-text';
import type { EditorDocument } from '../../../shared/api/editor-document';
import type { CommentThreadRow } from '../../db/schema';

/**
 * A thread's anchor is kept in the team's draft (saves re-anchor it there). A reviewer reads the
 * version sent to them (their round) and nothing of the draft since: these two functions carry an
 * anchor between the two texts by the rule a save or restore uses (`relocateAnchor`, expected at
 * its offset mapped through the edit between them), so what a reviewer is shown of a thread is
 * always text of their version and never of the draft.
 */

/** A reviewer's round: the version sent to them, and when it was sent. */
export type Round = { content: EditorDocument; createdAt: Date };

/** Nothing of any text: what a reviewer is shown of a thread that is on no passage of theirs. */
const nowhere = { quote: '', prefix: '', suffix: '', anchorStart: 0, anchorEnd: 0 };

const anchorOf = (thread: CommentThreadRow): TextAnchor => ({
  quote: thread.quote,
  prefix: thread.prefix,
  suffix: thread.suffix,
  start: thread.anchorStart,
  end: thread.anchorEnd,
});

/**
 * The threads as a reviewer sees them: each placed in the text of their round, in its order.
 * - The quote found there as it is: there (the team's edits since did not touch it).
 * - Else the text of their version between its prefix and suffix (the team edited the passage
 *   since), if the thread is about that text: it existed when the round was sent, or this
 *   reviewer started it (on their version).
 * - Else on no passage of theirs (the team started it on text written since, or deleted or
 *   rewrote the passage and its context): empty quote and context, and `detachedAt` set (to when
 *   it began to differ from their version, at the earliest the round) — the thread's comments are
 *   shared, its anchor in the draft is not.
 */
export function placeInRound(
  threads: readonly CommentThreadRow[],
  draft: EditorDocument,
  round: Round,
  startedByReader: (thread: CommentThreadRow) => boolean,
): CommentThreadRow[] {
  const draftText = documentPlainText(draft).text;
  const roundText = documentPlainText(round.content).text;
  const mapOffset = offsetMapper(draftText, roundText);
  const placed = threads.map((thread): CommentThreadRow => {
    const expected = thread.detachedAt ? thread.anchorStart : mapOffset(thread.anchorStart);
    const found = relocateAnchor(roundText, anchorOf(thread), expected);
    const about =
      found.status === 'exact' ||
      (found.status === 'edited' && (thread.createdAt <= round.createdAt || startedByReader(thread)));
    if (found.status !== 'deleted' && about) {
      const { quote, prefix, suffix, start, end } = found.anchor;
      return { ...thread, quote, prefix, suffix, anchorStart: start, anchorEnd: end, detachedAt: null };
    }
    const since = new Date(Math.max(thread.createdAt.getTime(), round.createdAt.getTime()));
    return { ...thread, ...nowhere, detachedAt: since };
  });
  // The order of their text (the draft's order would tell where the team moved things).
  return placed.sort(
    (a, b) =>
      Number(a.detachedAt !== null) - Number(b.detachedAt !== null) ||
      a.anchorStart - b.anchorStart ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

/**
 * Where a passage of a reviewer's version is in the team's draft, for a thread they start on it:
 * found as a save finds it (the passage as the team has it now, edited or not), else detached
 * (the team deleted it since), keeping the quote the reviewer read.
 */
export function placeInDraft(
  anchor: TextAnchor,
  round: EditorDocument,
  draft: EditorDocument,
): { anchor: TextAnchor; detached: boolean } {
  const roundText = documentPlainText(round).text;
  const draftText = documentPlainText(draft).text;
  const found = relocateAnchor(draftText, anchor, offsetMapper(roundText, draftText)(anchor.start));
  return found.status === 'deleted' ? { anchor, detached: true } : { anchor: found.anchor, detached: false };
}

import sameJson from 'fast-deep-equal';
import { applyChanges, numberChanges } from '../../../editor/redline/changes';
import { compareDocuments } from '../../../editor/redline/compare-documents';
import { mergeBlocks } from '../../../editor/suggestions/merge-blocks';
import type { EditorDocument } from '../../../shared/api/editor-document';
import { type PreparedContent, prepareDocument } from '../contracts/prepare-document';

/** The three documents of a decision as JSON text, and the numbers of the changes accepted. */
export type SuggestionDecision = { base: string; suggestion: string; draft: string; accept: number[] };

export type AppliedSuggestion =
  /** `content` is the new draft, checked and rendered; null when no change was accepted (the draft stays). */
  | { outcome: 'applied'; changes: number; accepted: number; content: PreparedContent | null }
  /** Passages both the draft (since the base) and the accepted changes touch. */
  | { outcome: 'conflicts'; conflicts: number }
  /** The draft or the suggestion moved too many blocks for them to be told apart (`maxMovedBlocks`). */
  | { outcome: 'tooManyMoves' };

/**
 * Decides on a suggestion, in the content thread: the redline of the base version and the
 * suggestion, numbered as the owner saw it; the accepted changes applied; the result merged into
 * the draft if the draft changed since the base, then checked and rendered as any saved content
 * is. Every step grows with what a reviewer and the team sent (the merge's diffs most of all), so
 * none of it runs on the request thread.
 */
export async function applySuggestionTask(decision: SuggestionDecision): Promise<AppliedSuggestion> {
  const base = JSON.parse(decision.base) as EditorDocument;
  const { document, changes } = numberChanges(
    compareDocuments(base, JSON.parse(decision.suggestion) as EditorDocument).document,
  );
  const accepted = new Set(decision.accept.filter((id) => id >= 1 && id <= changes.length));
  if (accepted.size === 0) {
    return { outcome: 'applied', changes: changes.length, accepted: 0, content: null };
  }
  const applied = applyChanges(document, accepted);
  const draft = JSON.parse(decision.draft) as EditorDocument;
  const merged = sameJson(base, draft)
    ? { ok: true as const, document: applied }
    : mergeBlocks(base, draft, applied);
  if (!merged.ok) {
    return 'conflicts' in merged
      ? { outcome: 'conflicts', conflicts: merged.conflicts }
      : { outcome: 'tooManyMoves' };
  }
  return {
    outcome: 'applied',
    changes: changes.length,
    accepted: accepted.size,
    content: prepareDocument(merged.document),
  };
}

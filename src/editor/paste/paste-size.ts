import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { contractLimits, formatCount } from '../../shared/limits';

const nothingPasted = 'Nothing was pasted; the clipboard still holds it.';

/**
 * Why a document the paste would make is beyond the contract limits (contractLimits), or null.
 * Counts as the server's document check does, so what the editor accepts can be saved.
 */
export function pastedDocumentProblem(doc: ProseMirrorNode): string | null {
  let nodes = 1;
  let blocks = 1;
  let characters = 0;
  let problem: string | null = null;
  doc.descendants((node) => {
    if (problem) return false;
    nodes += 1;
    if (node.isText) characters += node.text?.length ?? 0;
    else if (!node.isInline) blocks += 1;
    if (node.isTextblock) {
      let blockText = 0;
      node.forEach((child) => {
        blockText += child.text?.length ?? 0;
      });
      if (blockText > contractLimits.blockCharacters) {
        problem = `A paragraph would have ${formatCount(blockText)} characters, more than the ${formatCount(contractLimits.blockCharacters)} a paragraph may hold. ${nothingPasted} Break it into several paragraphs first.`;
      }
    }
    if (nodes > contractLimits.nodes) {
      problem = `The contract would have more than ${formatCount(contractLimits.nodes)} parts (paragraphs, list items, formatted runs). ${nothingPasted} Paste a shorter part, or split the contract.`;
    } else if (blocks > contractLimits.blocks) {
      problem = `The contract would have more than ${formatCount(contractLimits.blocks)} paragraphs, headings and list items. ${nothingPasted} Paste a shorter part, or split the contract.`;
    }
    return !problem;
  });
  if (!problem && characters > contractLimits.characters) {
    problem = `The contract would have ${formatCount(characters)} characters, more than the ${formatCount(contractLimits.characters)} (about 300 pages) it may hold. ${nothingPasted} Paste a shorter part, or split the contract.`;
  }
  return problem;
}

/** Why the clipboard is refused before it is even read, or null. */
export function clipboardProblem(
  plainTextLength: number,
  htmlLength: number,
  htmlLimit: number,
): string | null {
  if (plainTextLength > contractLimits.characters) {
    return `This paste has ${formatCount(plainTextLength)} characters, more than the ${formatCount(contractLimits.characters)} (about 300 pages) a contract may hold. ${nothingPasted}`;
  }
  if (htmlLength > htmlLimit) {
    return `This paste is too large to read: ${formatCount(Math.round(htmlLength / 1_000_000))} MB of formatted text. ${nothingPasted} Paste it in parts.`;
  }
  return null;
}

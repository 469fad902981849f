/**
 * A contract's documents in the order they are signed: its PDFs by position, with its drafted text
 * before every PDF whose position is at least the text's (`contracts.text_position`). Positions
 * may have gaps (a PDF removed), so the text's place is a position, not an index. The PDF thread
 * joins the signed document by it and the send numbers its pages by it; the API gives the text's
 * place as an index (presenters/contract.ts).
 */
export function inDocumentOrder<F extends { position: number }>(
  files: readonly F[],
  textPosition: number,
): ({ kind: 'text' } | { kind: 'pdf'; file: F })[] {
  const sorted = [...files].sort((a, b) => a.position - b.position);
  const before = sorted.filter((file) => file.position < textPosition);
  const after = sorted.filter((file) => file.position >= textPosition);
  return [
    ...before.map((file) => ({ kind: 'pdf' as const, file })),
    { kind: 'text' as const },
    ...after.map((file) => ({ kind: 'pdf' as const, file })),
  ];
}

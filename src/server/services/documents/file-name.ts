/** A contract title made safe as a file name (letters, digits, spaces, '.', '_', '-'). */
export function fileNameOf(title: string): string {
  return (
    title
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .trim()
      .slice(0, 100) || 'contract'
  );
}

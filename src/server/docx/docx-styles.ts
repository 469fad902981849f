/**
 * Paragraph style names for what Word has no element of its own for. They are LibreOffice's
 * names (its HTML import and its .docx files use them), so a file from either reads back the same.
 */
export const docxStyleNames = {
  quote: 'Quotations',
  code: 'Preformatted Text',
  rule: 'Horizontal Line',
} as const;

// pdfkit ships no types; Pactum only patches its document class (pdf-glyphs.ts).
declare module 'pdfkit' {
  const PDFDocument: { prototype: object };
  export default PDFDocument;
}

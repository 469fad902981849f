import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

export const pdfPageSizeSchema = z.object({
  width: z.number().describe('Width in points (1/72 inch), as the page shows (its rotation applied)'),
  height: z.number().describe('Height in points, as the page shows'),
});

export const pdfSignatureSchema = z
  .object({
    signedBy: z.string().describe("Who signed: their certificate's common name (its subject otherwise)"),
    signedAt: timestampSchema.nullable().describe('When, as the signature says (null when it does not)'),
    intact: z
      .boolean()
      .describe(
        'The bytes it signed are unchanged and the signature verifies with its certificate (trust in the certificate is not judged)',
      ),
  })
  .meta({ id: 'PdfSignature' });
export type PdfSignature = z.infer<typeof pdfSignatureSchema>;

export const contractFileSchema = z
  .object({
    id: idSchema,
    name: z.string().describe('The file name as uploaded'),
    byteSize: z.int(),
    sha256: z.string().describe("SHA-256 of the file's bytes"),
    pageCount: z.int(),
    pages: z.array(pdfPageSizeSchema),
    formFieldCount: z.int().describe('Form fields the PDF brings (AcroForm)'),
    signatureCount: z.int().describe('Digital signatures the PDF already carries'),
    signatures: z
      .array(pdfSignatureSchema)
      .describe('Those signatures, in the order they were made: they stay valid in the sealed PDF'),
    activeContent: z
      .array(z.string())
      .describe(
        'Scripts, attached files and actions reaching outside the PDF that it carries (e.g. "document JavaScript", "the attached file invoice.exe"): taken out of the document sent for signing',
      ),
    search: z
      .object({
        scannedPages: z
          .array(z.int())
          .describe('Pages (from 1) that show an image and no text, such as scans: nothing on them is found'),
        unsearchablePages: z
          .array(z.int())
          .describe(
            'Every page (from 1) search finds nothing on: the scanned ones, and pages past what is read of a file (200,000 characters, or a time)',
          ),
      })
      .nullable()
      .describe(
        "What search reads of the PDF's text; null until its text has been read, just after the upload",
      ),
    createdAt: timestampSchema,
  })
  .meta({ id: 'ContractFile' });
export type ContractFile = z.infer<typeof contractFileSchema>;

const fileName = z.string().trim().min(1).max(255).describe('The file name, as shown and given to downloads');
const baseRevision = z.coerce
  .number()
  .int()
  .min(1)
  .optional()
  .describe("The contract's revision the change was made on: a later one refuses it");

export const uploadFileQuerySchema = z.object({
  name: fileName,
  replaces: idSchema.optional().describe('A PDF of the draft this one takes the place of'),
  baseRevision,
});
export type UploadFileQuery = z.infer<typeof uploadFileQuerySchema>;

export const createFromPdfQuerySchema = z.object({
  name: fileName,
  title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('The title (the file name without .pdf otherwise)'),
  projectId: idSchema.optional().describe('The project (the default project otherwise)'),
  template: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('true makes a template'),
});
export type CreateFromPdfQuery = z.infer<typeof createFromPdfQuerySchema>;

export const documentOrderBodySchema = z.object({
  order: z
    .array(z.union([idSchema, z.literal('text')]))
    .min(1)
    .max(11)
    .describe("Every PDF's id, and 'text' for the drafted text, in the order they are signed"),
  baseRevision: z.int().min(1).optional(),
});
export type DocumentOrderInput = z.infer<typeof documentOrderBodySchema>;

const revision = z
  .int()
  .min(1)
  .describe("The contract's revision after the change: send it as baseRevision with the next one");

export const uploadedFileSchema = z.object({ file: contractFileSchema, revision });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const documentsChangedSchema = z.object({ revision });
export type DocumentsChanged = z.infer<typeof documentsChangedSchema>;

export const fileParamsSchema = z.object({ id: idSchema, fileId: idSchema });
export const fileRemovalQuerySchema = z.object({ baseRevision });

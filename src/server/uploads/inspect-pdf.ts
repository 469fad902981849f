import { readFile } from 'node:fs/promises';
import {
  PDF,
  type PDFPage,
  PdfArray,
  type PdfDict,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfStream,
} from '@libpdf/core';
import { fieldLimits } from '../../shared/fields';
import { pdfFileLimits } from '../../shared/pdf-file';
import type { PdfPageSize, StoredPdfSignature } from '../db/schema/files';
import { activeContentOf, signedActiveContentRefusal } from '../pdf/active-content';
import { DecodeBudgetExceeded, withinDecodeBudget } from '../pdf/decode-budget';
import { displayedSize } from '../pdf/page-geometry';
import { readSignature } from '../pdf/verify-pdf';
import type { DocumentOutcome } from '../workers/document-outcome';
import { type FoundField, formFieldsOf } from './pdf-form-fields';

export type InspectedPdf = {
  pageCount: number;
  pages: PdfPageSize[];
  formFieldCount: number;
  signatureCount: number;
  /** Who signed it and when, in the order they signed (the first `maxSignaturesRead`). */
  signatures: StoredPdfSignature[];
  /** Its form fields, as fields to place where their widgets are. */
  formFields: FoundField[];
  /** Its scripts, attached files and actions reaching outside it (pdf/active-content.ts), removed at send. */
  activeContent: string[];
};

export type PdfRefusalKind = 'notPdf' | 'password' | 'certified' | 'activeContent' | 'damaged' | 'tooLarge';
export type PdfInspection = DocumentOutcome<InspectedPdf, PdfRefusalKind>;

const refuse = (kind: PdfRefusalKind, message: string): PdfInspection => ({ ok: false, kind, message });

/**
 * Reads an uploaded PDF (a received file, by its path) for what placing fields on it needs: its
 * pages' sizes as they show, its own form fields and signatures. Its text is not read here (that
 * takes about 16 ms a page: text-tags.ts, in a job after the upload), so a 100-page file is ready
 * at once. Runs in the
 * upload thread (uploads/upload-engine.ts), whose heap and time bound what the parser may spend,
 * within the decode budget (pdf/decode-budget.ts), which bounds what it may inflate outside the
 * heap; every page's contents are decoded here, so a page that expands past it is refused now,
 * not met later by the tag reader and the signers' viewers. What no real document does (a bomb,
 * 10,000 pages, a password to open) is refused with its reason.
 */
export async function inspectPdf(path: string): Promise<PdfInspection> {
  const bytes = new Uint8Array(await readFile(path));
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) {
    return refuse('notPdf', 'This file is not a PDF. Save or export it as a PDF, then upload it again.');
  }
  try {
    return await withinDecodeBudget(() => inspect(bytes));
  } catch (error) {
    if (error instanceof DecodeBudgetExceeded) return refuse('tooLarge', error.message);
    throw error;
  }
}

async function inspect(bytes: Uint8Array): Promise<PdfInspection> {
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes);
  } catch {
    return refuse('damaged', 'This PDF is damaged and cannot be read. Export it again from its source.');
  }
  if (pdf.isEncrypted && !pdf.isAuthenticated) {
    return refuse(
      'password',
      'This PDF needs a password to open. Remove the password (print or save it as a new PDF), then upload it again.',
    );
  }
  if (pdf.isEncrypted) {
    try {
      // Signing adds to the document: its owner must allow changes.
      pdf.removeProtection();
    } catch {
      return refuse(
        'password',
        'This PDF is protected against changes, and signing adds to it. Ask for a copy without protection, then upload it again.',
      );
    }
  }
  try {
    const pageCount = pdf.getPageCount();
    if (pageCount === 0) return refuse('damaged', 'This PDF has no pages.');
    if (pageCount > pdfFileLimits.pages) {
      return refuse(
        'tooLarge',
        `This PDF has ${pageCount.toLocaleString('en')} pages; a document may have at most ${pdfFileLimits.pages}. Split it into smaller files.`,
      );
    }
    const pages = pdf.getPages().map((page) => {
      decodeContents(pdf, page);
      const shown = displayedSize(page);
      return { width: round(shown.width), height: round(shown.height) };
    });
    if (pages.some((page) => !(page.width > 0 && page.height > 0))) {
      return refuse('damaged', 'A page of this PDF has no size. Export it again from its source.');
    }
    const form = pdf.getForm();
    const fields = form?.getFields() ?? [];
    const signed = form?.getSignatureFields().filter((field) => field.isSigned()) ?? [];
    // A certification signature (DocMDP: its signature dictionary has a /Reference) allows at
    // most form filling and more signatures; the fields drawn on its pages and the appended
    // signature pages and certificate would show as a breach of it, once everyone has signed.
    if (signed.some((field) => field.getSignatureDict()?.getArray('Reference'))) {
      return refuse(
        'certified',
        'This PDF is certified by its author against changes, and signing it here adds pages and fields to it, which would break that certification. Ask for a copy that is not certified (an ordinary signature is fine), then upload it again.',
      );
    }
    // Several fields may name one signature dictionary: it is one signature, listed once.
    const dictionaries = [
      ...new Set(signed.map((field) => field.getSignatureDict()).filter((dict) => dict !== null)),
    ];
    const signatureCount = dictionaries.length;
    // Kept byte for byte when sent, a signed PDF cannot lose its scripts: it is refused with them.
    const activeContent = activeContentOf(pdf);
    if (signatureCount > 0 && activeContent.length > 0)
      return refuse('activeContent', signedActiveContentRefusal(activeContent));
    return {
      ok: true,
      pageCount,
      pages,
      formFieldCount: fields.filter((field) => field.type !== 'signature').length,
      signatureCount,
      signatures: signaturesOf(bytes, dictionaries),
      formFields: formFieldsOf(pdf, fieldLimits.fieldsPerContract),
      activeContent,
    };
  } catch {
    return refuse('damaged', 'This PDF is damaged and cannot be read. Export it again from its source.');
  }
}

/**
 * The signatures read and listed: a document signed by its parties has a few; each one read hashes
 * the bytes it covers (up to the whole file), so a file with hundreds is not hashed hundreds of times.
 */
export const maxSignaturesRead = 20;

/**
 * Who signed the PDF, when, and whether each signature still verifies, in the order they were made
 * (by where their signed bytes end). A signature that cannot be read is listed as not intact.
 */
function signaturesOf(bytes: Uint8Array, dictionaries: PdfDict[]): StoredPdfSignature[] {
  const read = dictionaries.flatMap((dict) => {
    const range = dict.getArray('ByteRange');
    const byteRange = Array.from({ length: Math.min(range?.length ?? 0, 4) }, (_, at) => {
      const item = range?.at(at);
      return item instanceof PdfNumber ? item.value : -1;
    });
    const end = (byteRange[2] ?? 0) + (byteRange[3] ?? 0);
    return [{ dict, byteRange, end }];
  });
  return read
    .sort((a, b) => a.end - b.end)
    .slice(0, maxSignaturesRead)
    .map(({ dict, byteRange }) => {
      const contents = dict.getString('Contents')?.bytes ?? new Uint8Array();
      const reading = readSignature(bytes, byteRange, contents, dict.getString('M')?.asString() ?? null);
      return {
        signedBy:
          plainName(reading?.signedBy) ||
          plainName(dict.getString('Name')?.asString()) ||
          'an unnamed signer',
        signedAt: reading?.signedAt?.toISOString() ?? null,
        intact: reading?.intact ?? false,
      };
    });
}

/** The most characters of a signer's name kept (a certificate's common name has at most 64). */
const maxSignerName = 200;
/** C0 and C1 controls, and the bidi controls that would turn the words after a name around. */
const controls = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * A signer's name as the PDF or its certificate gives it, to show as one line of plain text: its
 * controls as spaces, and cut to `maxSignerName` characters (it is listed on every answer that
 * lists the file); empty when there is none.
 */
function plainName(name: string | undefined): string {
  const plain = (name ?? '')
    .slice(0, 4 * maxSignerName)
    .replace(controls, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > maxSignerName ? `${plain.slice(0, maxSignerName - 1)}…` : plain;
}

/** Decodes a page's contents (within the task's decode budget), for what it costs, not for use. */
function decodeContents(pdf: PDF, page: PDFPage) {
  const resolve = (item: PdfObject | undefined) => (item instanceof PdfRef ? pdf.getObject(item) : item);
  const contents = resolve(page.dict.get('Contents'));
  const parts =
    contents instanceof PdfArray
      ? Array.from({ length: contents.length }, (_, at) => contents.at(at))
      : [contents];
  for (const part of parts) {
    const stream = resolve(part ?? undefined);
    if (stream instanceof PdfStream) stream.getDecodedData();
  }
}

const round = (points: number) => Math.round(points * 100) / 100;

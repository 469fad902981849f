import { fileSignatureOf } from '../uploads/file-signature';
import { listZipEntries, readZipEntry, type ZipProblem, ZipRefusal } from '../uploads/zip-entries';
import { docxLimits } from './docx-limits';
import { DocxRefusal } from './docx-refusal';
import { nestsDeeperThan } from './xml-depth';

/** The XML parts of a .docx, inflated within the limits and checked for depth. */
export type DocxPackage = { names: ReadonlySet<string>; xml: ReadonlyMap<string, string> };

const mainDocument = 'word/document.xml';

/**
 * Opens an uploaded file as a Word package, refusing anything else with a message that says what
 * it is: a PDF, an old .doc or an encrypted document (both OLE compound files), a zip that is no
 * Word document. Only the XML parts are inflated (pictures and embedded files never are), each
 * through a capped inflater, so a zip bomb stops at the cap whatever its headers claim.
 */
export function openDocxPackage(file: Buffer): DocxPackage {
  try {
    return readPackage(file);
  } catch (error) {
    throw error instanceof ZipRefusal ? docxRefusalOf(error.problem) : error;
  }
}

function readPackage(file: Buffer): DocxPackage {
  refuseOtherKinds(file);
  const entries = listZipEntries(file, docxLimits.entries);
  if (!entries.some((entry) => entry.name === mainDocument)) {
    throw new DocxRefusal(
      'notDocx',
      'This zip file is not a Word document: it has no word/document.xml. Save the document as .docx and try again.',
    );
  }
  const xml = new Map<string, string>();
  let budget: number = docxLimits.xmlBytes;
  for (const entry of entries) {
    if (!/\.(xml|rels)$/i.test(entry.name)) continue;
    let bytes: Buffer;
    try {
      bytes = readZipEntry(file, entry, Math.min(docxLimits.partBytes, budget));
    } catch (error) {
      // Past the budget for all parts together, the message names that limit, not one part's.
      if (error instanceof ZipRefusal && error.problem.kind === 'expands' && budget < docxLimits.partBytes) {
        throw docxRefusalOf({ kind: 'expands', maxBytes: docxLimits.xmlBytes });
      }
      throw error;
    }
    budget -= bytes.length;
    const text = bytes.toString('utf8');
    checkDepth(text, entry.name);
    xml.set(entry.name, text);
  }
  return { names: new Set(entries.map((entry) => entry.name)), xml };
}

/** What is wrong with the zip, said of a Word document. */
function docxRefusalOf(problem: ZipProblem): DocxRefusal {
  switch (problem.kind) {
    case 'damaged':
      return new DocxRefusal('invalid', 'This .docx file is damaged: its parts cannot be found.');
    case 'zip64':
      return new DocxRefusal('tooLarge', 'This file is too large to be a Word document (a zip64 archive).');
    case 'entries':
      return new DocxRefusal(
        'tooLarge',
        `This file holds ${problem.count.toLocaleString('en')} parts; a Word document has far fewer (at most ${problem.max.toLocaleString('en')} are read).`,
      );
    case 'encrypted':
      return new DocxRefusal(
        'invalid',
        'This document is password-protected. Remove the password in Word and try again.',
      );
    case 'compression':
      return new DocxRefusal(
        'invalid',
        `This .docx file uses an unknown compression (method ${problem.method}).`,
      );
    case 'expands':
      return new DocxRefusal(
        'tooLarge',
        `This file expands to more than ${Math.round(problem.maxBytes / 1024 / 1024)} MB of text when unpacked: it is not an ordinary Word document.`,
      );
  }
}

function refuseOtherKinds(file: Buffer): void {
  if (file.length < 4) throw new DocxRefusal('notDocx', 'This file is empty or not a Word document (.docx).');
  switch (fileSignatureOf(file)) {
    case 'zip':
      return;
    case 'pdf':
      throw new DocxRefusal('notDocx', 'This is a PDF file, not a Word document. Import a .docx file.');
    case 'ole':
      throw new DocxRefusal(
        'notDocx',
        'This is a password-protected document or an older Word file (.doc). Save it in Word as .docx without a password and import that.',
      );
    case 'other':
      throw new DocxRefusal('notDocx', 'This file is not a Word document (.docx).');
  }
}

/**
 * Refuses a part nested deeper than a Word document ever is, counted while reading its markup
 * (xml-depth.ts): mammoth's reader recurses per level, so it must never see such a part.
 */
function checkDepth(text: string, name: string): void {
  if (nestsDeeperThan(text, docxLimits.xmlDepth)) {
    throw new DocxRefusal(
      'tooLarge',
      `This document's ${name} is nested more than ${docxLimits.xmlDepth} levels deep; a Word document never is.`,
    );
  }
}

/**
 * How deeply a request's JSON body may nest (objects and arrays, the body itself being the
 * first level): deeper than anything the editor makes, and shallow enough that no recursive walk
 * of it (validation, JSON.stringify, ProseMirror, the PDF layout) comes near the stack's end.
 */
export const maxJsonDepth = 100;

/**
 * How large a contract may be. Far beyond any real agreement (the longest in the seal benchmark,
 * 100 pages, has 9,000 nodes and 223,000 characters), and small enough that checking, storing and
 * rendering the largest accepted one never holds up anyone else's requests.
 */
export const contractLimits = {
  /** The JSON body of a contract's or template's create or update request. */
  bodyBytes: 2 * 1024 * 1024,
  /** Values in that JSON (each node with its type, attributes, marks and text). */
  bodyValues: 400_000,
  /** Nodes in the document (paragraphs, list items, text runs…). */
  nodes: 40_000,
  /**
   * Blocks (paragraphs, headings, list items…): with the characters below, what bounds the pages
   * rendered before the page count is known (20,000 one-line paragraphs printed on 646 pages).
   */
  blocks: 12_000,
  /** Characters of text in the document: about 300 pages. */
  characters: 800_000,
  /** Characters in one paragraph or heading: a real one has a few thousand at most. */
  blockCharacters: 20_000,
  /**
   * How deeply a document's nodes nest (a list in a table cell in a quote…; the document itself is
   * level 0). A node is two levels of JSON (itself and its `content` array), the document sits two
   * levels into a save's body and a node's marks reach three levels below it (array, mark,
   * attributes): (100 - 2 - 3) / 2 = 47, so every document stored, imported ones too, can be
   * saved again. The editor's own nesting is far shallower (a list nested 10 deep is 21 levels).
   */
  depth: Math.floor((maxJsonDepth - 5) / 2),
  /**
   * Lists nested within one another: Word's nine levels. The PDF layout of nested lists takes
   * about twice as long with each level (a list 16 deep held the PDF thread 26 s), so the bound on
   * depth above is not enough for them; Word, LibreOffice and a .docx hold nine levels at most.
   */
  listNesting: 9,
  /** Pages of the PDF frozen at sending. */
  pages: 400,
} as const;

export const formatCount = (count: number) => count.toLocaleString('en');

/**
 * How much of a PDF the text-tag reader (`uploads/text-tags.ts`, in the tag thread) reads
 * before it gives up on the file's tags: a file over any of these is settled as one without tags.
 * A real page has a few thousand characters and a few kilobytes to a megabyte of content; 500
 * dense pages are about 2.5 million characters, read in a second or two. @libpdf/core's own text
 * search took time growing with the square of a page's characters (20,000 tags on one line, a
 * 1 KB file, held the thread past 120 s): only the tags' own characters are measured that way.
 */
export const textTagLimits = {
  /** Decoded content of one page, and of all pages, parsed for text. */
  contentBytesPerPage: 16 * 1024 * 1024,
  contentBytesPerFile: 64 * 1024 * 1024,
  /** Characters of text read on one page, and in the file. */
  charactersPerPage: 100_000,
  charactersPerFile: 4_000_000,
  /**
   * Characters whose boxes are measured (the tags', and spaces before them where word spacing
   * moves what follows) in one pass over a page, and in the file.
   */
  measuredAtOnce: 20_000,
  measuredPerFile: 200_000,
  /** Time the reader may take on one file (a real one takes 20–60 ms a page, more on a busy host). */
  timeMs: 10_000,
} as const;

/**
 * How much of an uploaded PDF's text layer is read for search (`uploads/pdf-text.ts`, in the tag
 * thread, once per file): what is kept is bounded like the drafted text's search document, and
 * the reading by time and content. Pages whose text is not kept are listed as not searchable.
 */
export const pdfTextLimits = {
  /** Characters kept of one file (the drafted text's search document keeps as many). */
  keptCharacters: 200_000,
  /** Characters read on one page; the rest of a page past it is not searchable. */
  charactersPerPage: 100_000,
  /**
   * A page of at most this many characters is laid out into lines (words apart where the PDF
   * places them apart without a space); @libpdf/core's layout takes time growing with the square
   * of a line's characters, so a denser page is read in the content's order.
   */
  laidOutPerPage: 6_000,
  /** Form XObjects read on one page (text the page draws through them, as imposed pages do). */
  formsPerPage: 20,
  /** Decoded content of one page (and of each form it draws), and of all pages, parsed for text. */
  contentBytesPerPage: 16 * 1024 * 1024,
  contentBytesPerFile: 64 * 1024 * 1024,
  /** Time the reading of one file may take; pages not reached are listed as not searchable. */
  timeMs: 8_000,
} as const;

/**
 * How far the compressed parts of a PDF from a user may expand when the server decodes them
 * (server/pdf/decode-budget.ts): a real page's contents, object streams and fonts are at most a
 * few megabytes each, and a 1 MB stream of zeros that expands to gigabytes is a "compression
 * bomb". Counted by the decoders themselves, for every filter of a stream's chain.
 */
export const pdfDecodeLimits = {
  /** Bytes one filter of one stream may produce. */
  streamBytes: 64 * 1024 * 1024,
  /** Bytes all decoding of one task (an inspection, a send, a seal) may produce together. */
  totalBytes: 512 * 1024 * 1024,
} as const;

/**
 * How uploads share the instance among organizations (routes/contract-files.ts). A body must
 * keep arriving, and an organization may keep and send only so many bytes: the defaults of the
 * two byte limits are those of ORGANIZATION_STORAGE_MB and ORGANIZATION_UPLOAD_MB_PER_HOUR.
 */
export const uploadLimits = {
  /**
   * Bytes a second an upload's body must average, counted from its first byte once `graceMs`
   * have passed; slower, it is cut (408). 64 KB/s is half a megabit: a trickle held open to keep
   * a place, not a person on a slow line (the two-minute request timeout asks more of a 49 MB file).
   */
  minBytesPerSecond: 64 * 1024,
  graceMs: 5_000,
  /** Bytes one organization's contracts may hold: their PDFs and the documents made of them. */
  storageBytes: 5 * 1024 * 1024 * 1024,
  /** Bytes one organization may upload in an hour (counted per clock hour). */
  hourlyBytes: 2 * 1024 * 1024 * 1024,
} as const;

/**
 * What a spreadsheet of rows (a bulk send's CSV or .xlsx) may hold: a row per contract, up to a
 * batch's 5,000, and a file people make by hand or export from another system. Each bound is
 * named in the refusal of a file past it.
 */
export const spreadsheetLimits = {
  /** The file as uploaded. */
  fileBytes: 10 * 1024 * 1024,
  /** An .xlsx's XML parts together, once unpacked (a zip bomb stops here, whatever it claims). */
  unpackedBytes: 64 * 1024 * 1024,
  /** Parts in an .xlsx (a workbook of a few sheets has a dozen or two). */
  entries: 500,
  /** Rows below the header row. */
  rows: 5_000,
  columns: 100,
  /** Characters in one cell: a merge value may be a paragraph, never a chapter. */
  cellCharacters: 10_000,
} as const;

/** A merge field's key, label and value (src/editor/merge-field-values.ts), in characters. */
export const mergeFieldLimits = { key: 64, label: 60, value: 500 } as const;

/**
 * A search (services/search/): the characters typed and the words (a quoted phrase counts as
 * one) it may have, and how many matches it ranks. Past `ranked` matches a search says so
 * (`more`), and asks for another word or a filter: ranking every match of a common word would
 * grow with the workspace. Saved views: a person keeps at most `views` (and their names and
 * query strings are bounded).
 */
export const searchLimits = {
  characters: 200,
  terms: 12,
  ranked: 200,
  pageSize: 50,
  /** How far a list without words pages (by offset): past it, a filter narrows it. */
  listed: 10_000,
  /** The rows of one export (CSV or .xlsx): past it, the file says it stops there. */
  exported: 100_000,
  views: 100,
  viewName: 80,
  viewQuery: 2_000,
} as const;

/**
 * The signed PDFs of a selection of contracts as one ZIP (`POST /api/contracts/archive`): streamed
 * as it is written, so its size costs no memory, and held to one at a time per person (a second
 * waits for the first to finish) and a few in the process, so no one's downloads take every
 * reader of the file store.
 */
export const contractArchiveLimits = {
  /** Contracts one archive may name. */
  contracts: 1_000,
  /** Archives being written at once in one process. */
  atOnce: 8,
} as const;

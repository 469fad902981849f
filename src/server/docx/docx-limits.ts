/**
 * How much of a .docx is read. A real 300-page agreement is a 200 KB file whose XML inflates to
 * about 10 MB in a few hundred parts; these bounds are far above that and keep a hostile file
 * (a zip bomb, thousands of entries, XML nested thousands deep) from costing more than a few
 * hundred milliseconds of a worker thread.
 */
export const docxLimits = {
  /** The uploaded file. */
  fileBytes: 20 * 1024 * 1024,
  /** Entries in the zip's central directory. */
  entries: 1_000,
  /** Inflated size of all the XML parts read, together. */
  xmlBytes: 48 * 1024 * 1024,
  /** Inflated size of one part. */
  partBytes: 32 * 1024 * 1024,
  /** Element nesting in any XML part (a real document nests about 20 deep). */
  xmlDepth: 200,
} as const;

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeCompiler, type NodeTypstDocument } from '@myriaddreamin/typst-ts-node-compiler';
import { pdfTemplatesDir } from '../../paths';
import { fontFiles } from '../font-files';
import { mapRightToLeftInDrawingOrder, mayHoldRightToLeft } from './right-to-left-text-map';

/**
 * The Typst compiler of this thread, made once: the fonts are parsed once and its caches kept from
 * one document to the next (a second render of the same layout costs a few milliseconds).
 *
 * Safe by construction: the compiler's root is an empty folder made for it, the project's fixed
 * templates are given to it in memory (`pdf-templates/`), and a document reaches them only as a
 * JSON string in `sys.inputs`, which the templates parse as data and print as text. There are no
 * package imports (nothing is downloaded: a `@preview` import fails) and no file beyond the
 * templates to read. A compile holds the PDF thread, whose task timeout replaces it when one
 * overruns; the inputs are bounded before they get here (the contract limits).
 */

let compiler: NodeCompiler | undefined;
let root: string | undefined;

function compilerOfThisThread(): { compiler: NodeCompiler; root: string } {
  if (compiler && root) return { compiler, root };
  root = mkdtempSync(join(tmpdir(), 'pactum-typst-'));
  compiler = NodeCompiler.create({
    workspace: root,
    fontArgs: [{ fontBlobs: fontFiles().map((file) => readFileSync(file)) }],
  });
  for (const name of readdirSync(pdfTemplatesDir)) {
    if (name.endsWith('.typ'))
      compiler.addSource(join(root, name), readFileSync(join(pdfTemplatesDir, name), 'utf8'));
  }
  return { compiler, root };
}

let evicting = false;

/**
 * What the caches keep of layouts not used in the last ten compiles goes, once the task that
 * compiled has answered (for 100 pages the eviction takes 20 to 50 ms): a thread that renders
 * thousands of contracts keeps only what the next one is likely to reuse.
 */
function evictSoon(typst: NodeCompiler): void {
  if (evicting) return;
  evicting = true;
  setImmediate(() => {
    evicting = false;
    typst.evictCache(10);
  });
}

/** A compile the template refused, with Typst's own words (a bug of ours: data cannot cause one). */
export class TypstCompileError extends Error {
  constructor(template: string, messages: string[]) {
    super(`The ${template} template did not compile: ${messages.join('; ')}`);
    this.name = 'TypstCompileError';
  }
}

export type CompiledTypst = {
  pdf: Buffer;
  /** The values of every `metadata` with this label, in document order. */
  query<T>(label: string): T[];
  pages: number;
};

export type TypstOptions = {
  /** `a-3b` for an archival document; by default a plain tagged PDF. */
  standard?: 'a-3b';
  /** Pictures the template shows, by file name: held in the compiler's memory for this compile only. */
  pictures?: { name: string; bytes: Uint8Array }[];
  /** Tagged (the default) for a document people read; off for what is only drawn onto another PDF. */
  tags?: boolean;
};

/** One of the project's templates compiled with this data. */
export function compileTypst(template: string, data: unknown, options: TypstOptions = {}): CompiledTypst {
  const { compiler: typst, root: workspace } = compilerOfThisThread();
  const json = JSON.stringify(data);
  const pictures = options.pictures ?? [];
  for (const picture of pictures) typst.mapShadow(join(workspace, picture.name), Buffer.from(picture.bytes));
  try {
    return compiled(typst, template, json, workspace, options);
  } finally {
    for (const picture of pictures) typst.unmapShadow(join(workspace, picture.name));
  }
}

function compiled(
  typst: NodeCompiler,
  template: string,
  json: string,
  workspace: string,
  options: TypstOptions,
): CompiledTypst {
  const result = typst.compile({
    mainFilePath: join(workspace, `${template}.typ`),
    inputs: { document: json },
  });
  const document: NodeTypstDocument | null = result.result;
  if (result.hasError() || !document) {
    const error = result.takeDiagnostics();
    const diagnostics = error ? typst.fetchDiagnostics(error) : [];
    throw new TypstCompileError(
      template,
      diagnostics.map((diagnostic: { message?: string; range?: unknown; path?: string }) =>
        [diagnostic.message, diagnostic.path?.split('/').pop(), JSON.stringify(diagnostic.range)]
          .filter(Boolean)
          .join(' at '),
      ),
    );
  }
  const written = typst.pdf(document, {
    ...(options.standard ? { pdfStandard: options.standard } : {}),
    ...(options.tags === false ? { pdfTags: false } : {}),
  });
  const pdf = mayHoldRightToLeft(json) ? mapRightToLeftInDrawingOrder(written) : written;
  evictSoon(typst);
  return {
    pdf,
    pages: document.numOfPages,
    query: <T>(label: string) =>
      (typst.query(document, { selector: `<${label}>` }) as { value: T }[]).map((found) => found.value),
  };
}

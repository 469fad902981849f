import type { ContractFile } from '../../../../shared/api/contract-files';

/** Pages as runs: [2, 3, 4, 7] reads "2–4, 7"; past a few runs, the rest is "…". */
export function pageRuns(pages: readonly number[]): string {
  const runs: string[] = [];
  let start = pages[0];
  for (let index = 0; start !== undefined && index < pages.length; index += 1) {
    const page = pages[index] as number;
    const next = pages[index + 1];
    if (next === page + 1) continue;
    runs.push(start === page ? String(page) : `${start}–${page}`);
    start = next;
  }
  return runs.length > 6 ? `${runs.slice(0, 6).join(', ')}, …` : runs.join(', ');
}

const pagesText = (count: number) => (count === 1 ? '1 page' : `${count} pages`);

/**
 * What search cannot find in an uploaded PDF, said under it: its scanned pages (an image, no
 * text) and the pages past what search reads of a file. Nothing while its text is being read.
 */
export function FileSearchNote({ search }: { search: ContractFile['search'] }) {
  if (!search) return null;
  const scanned = search.scannedPages;
  const unread = search.unsearchablePages.filter((page) => !scanned.includes(page));
  if (scanned.length === 0 && unread.length === 0) return null;
  return (
    <p className="mt-0.5 text-xs text-slate-600">
      {scanned.length > 0 &&
        `${pagesText(scanned.length)} ${scanned.length === 1 ? 'is a scan' : 'are scans'} without text (${scanned.length === 1 ? 'page' : 'pages'} ${pageRuns(scanned)}): search does not find words on ${scanned.length === 1 ? 'it' : 'them'}.`}
      {scanned.length > 0 && unread.length > 0 && ' '}
      {unread.length > 0 &&
        `${pagesText(unread.length)} (${pageRuns(unread)}) ${unread.length === 1 ? 'is' : 'are'} past what search reads of a PDF.`}
    </p>
  );
}

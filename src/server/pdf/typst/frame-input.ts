import { printable } from './printable-text';

/**
 * What `pdf-templates/frame.typ` reads of every document: its metadata (title, author, subject,
 * language, date) and its running header and footer. Every text is made printable here.
 */
export type FrameInput = {
  title: string;
  author: string;
  subject: string;
  lang: string;
  date: { year: number; month: number; day: number; hour: number; minute: number; second: number } | null;
  header: { title: string; aside: string };
  footer: { reference: string; label: string };
};

export function frameInput(input: {
  title: string;
  /** The organization the document is of: its author, named on the right of the header. */
  organizationName?: string;
  /** What the header names on its right instead of the organization ('Signatures'). */
  aside?: string;
  /** The metadata's author, when it is not the organization named in the header. */
  author?: string;
  reference: string;
  /** The date the document is dated by (when it was sent, say): the same input, the same bytes. */
  date?: Date;
  /** Sections appended to a contract number their own pages ('Signature page 1 of 1'). */
  pageLabel?: string;
  /** The metadata title, when it says more than the header's. */
  documentTitle?: string;
}): FrameInput {
  const { date } = input;
  return {
    title: printable(input.documentTitle ?? input.title),
    author: printable(input.author ?? input.organizationName ?? ''),
    subject: printable(input.reference),
    lang: 'en',
    date: date
      ? {
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
          hour: date.getUTCHours(),
          minute: date.getUTCMinutes(),
          second: date.getUTCSeconds(),
        }
      : null,
    header: { title: printable(input.title), aside: printable(input.aside ?? input.organizationName ?? '') },
    footer: { reference: printable(input.reference), label: input.pageLabel ?? 'Page' },
  };
}

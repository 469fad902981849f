import type { Extensions } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import Typography from '@tiptap/extension-typography';
import StarterKit from '@tiptap/starter-kit';
import { Indent } from './indent';
import { safeLinkHref } from './link-href';
import { MergeField } from './merge-field';
import { ContractOrderedList } from './ordered-list';
import { PageBreak } from './page-break';
import { SigningField } from './signing-field';

/** Undo history: 100 steps, a new step after a 500 ms pause in typing. */
export const undoDepth = 100;
export const undoNewGroupDelayMs = 500;
export const headingLevels = [1, 2, 3, 4, 5, 6] as const;
export const textAlignments = ['left', 'center', 'right', 'justify'] as const;

/**
 * The contract editor's extensions, without any React or DOM: the web editor adds its view-only
 * extensions (placeholder) on top, and the server builds its schema and HTML from the same list,
 * so the stored JSON always means the same thing on both sides.
 */
export function contractExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...headingLevels] },
      undoRedo: { depth: undoDepth, newGroupDelay: undoNewGroupDelayMs },
      orderedList: false,
      link: false,
    }),
    ContractOrderedList,
    Link.configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => safeLinkHref(url) !== null,
      shouldAutoLink: (url) => safeLinkHref(url) !== null,
    }),
    TableKit.configure({ table: { resizable: false } }),
    PageBreak,
    Indent,
    TextStyle,
    Color,
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: [...textAlignments] }),
    Typography,
    MergeField,
    SigningField,
  ];
}

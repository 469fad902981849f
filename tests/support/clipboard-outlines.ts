// What the real clipboard samples in tests/fixtures/clipboard become, as outlines
// (tests/support/document-outline.ts): the clean-up's unit tests and the paste in Chromium expect
// the same documents.

/** word-mac-nested-lists.html */
export const wordMacNestedListsOutline = [
  'h2: Some nested lists',
  'ol type=1',
  '  li',
  '    p: one',
  '  li',
  '    p: two',
  '    ol type=a',
  '      li',
  '        p: a',
  '      li',
  '        p: b',
  'ul',
  '  li',
  '    p: one',
  '  li',
  '    p: two',
  '    ul',
  '      li',
  '        p: three',
  '        ul',
  '          li',
  '            p: four',
  '            p: Sub paragraph',
  '  li',
  '    p: Same list',
  'ul',
  '  li',
  '    p: Different list adjacent to the one above.',
];

/** google-docs-headings-nested-lists.html */
export const googleDocsOutline = [
  'h1: Heading 1',
  'p (justify): Lorem ipsum [bold]dolor sit amet, consectetur adipiscing elit. Integer [italic]consectetur.',
  'p (justify): Lorem [bold,italic,underline]ipsum dolor sit amet.',
  'h2 (justify): Heading 2',
  'ul',
  '  li',
  '    p: [underline]Lorem',
  '    ol type=a',
  '      li',
  '        p: Ipsum',
  '      li',
  '        p: Dolor',
  '  li',
  '    p: [underline]Sit',
  '    ol type=a',
  '      li',
  '        p: amet',
  'h3 (justify): Heading 3',
  'p: Lorem ipsum dolor sit amet.',
];

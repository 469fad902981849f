import { describe, expect, it } from 'vitest';
import { sourcesUnder } from '../support/server-sources';

/** Every source file, by its path under src/. */
const sources = sourcesUnder();

/**
 * A field's rules and limits, as they would read written again: the field catalogue
 * (src/shared/fields/) alone may write them; everyone else imports them.
 */
const fieldRules: { what: string; pattern: RegExp }[] = [
  { what: "a picture's byte limit", pattern: /\b200\s*\*\s*1024\b|\b204_?800\b/ },
  { what: 'an e-mail pattern', pattern: /\[\^\\s@\]\+@/ },
  { what: 'a date pattern', pattern: /\\d\{4\}-\\d\{2\}-\\d\{2\}/ },
  { what: "an image field's data URL", pattern: /data:image\\\/\(png\|jpe?g\)/ },
  {
    what: 'a count of choices',
    pattern: /choices\??(\.length)?\s*[<>]=?\s*\d|choices[^;\n]*\.(max|min)\(\d+\)/,
  },
  { what: 'a cut of choices', pattern: /\.slice\(0,\s*50\)/ },
  { what: "a value's length", pattern: /(maxLength|maxTextLength|\.slice\(0,|length\s*>)[^;\n]*\b4_?000\b/ },
  {
    what: 'a list of field types',
    pattern: /\[\s*'signature',\s*('initials',\s*)?'name',\s*'email'|\['radio',\s*'dropdown'\]/,
  },
  { what: "a table of field types' sizes", pattern: /\b(signature|initials|checkbox):\s*\{\s*width:\s*\d/ },
  { what: 'an RE2 compile', pattern: /RE2JS\.compile\(|\.programSize\(\)/ },
];

/** The files outside the catalogue that write a field's rule or limit, and what they write. */
function rulesOutsideCatalogue(files: { file: string; text: string }[]): string[] {
  return files
    .filter(({ file }) => !file.startsWith('shared/fields/'))
    .flatMap(({ file, text }) =>
      fieldRules.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `${file}: ${what}`),
    );
}

describe('the field catalogue', () => {
  it('is the only place a field rule or limit is written', () => {
    expect(rulesOutsideCatalogue(sources)).toEqual([]);
  });

  it('would notice a field rule or limit written outside it', () => {
    const strays = [
      { file: 'server/services/x.ts', text: 'if (bytes > 200 * 1024) refuse();' },
      { file: 'web/features/y.tsx', text: 'const email = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/;' },
      { file: 'server/services/z.ts', text: 'const isoDate = /^\\d{4}-\\d{2}-\\d{2}$/;' },
      { file: 'editor/a.ts', text: 'if (choices.length < 2) return "too few";' },
      { file: 'server/f.ts', text: "const auto = ['signature', 'name', 'email', 'dateSigned'];" },
      {
        file: 'web/b.tsx',
        text: "const automatic = ['signature', 'initials', 'name', 'email', 'dateSigned'];",
      },
      { file: 'web/c.ts', text: 'const sizes = {\n  signature: { width: 170, height: 50 },\n};' },
      { file: 'server/d.ts', text: 'const size = RE2JS.compile(pattern).matcher("").programSize();' },
      { file: 'web/g.tsx', text: '<input maxLength={field.options.maxLength ?? 4000} />' },
      { file: 'server/e.ts', text: 'const url = /^data:image\\/(png|jpeg);base64,(.+)$/;' },
    ];
    expect(rulesOutsideCatalogue(strays)).toEqual([
      "server/services/x.ts: a picture's byte limit",
      'web/features/y.tsx: an e-mail pattern',
      'server/services/z.ts: a date pattern',
      'editor/a.ts: a count of choices',
      'server/f.ts: a list of field types',
      'web/b.tsx: a list of field types',
      "web/c.ts: a table of field types' sizes",
      'server/d.ts: an RE2 compile',
      "web/g.tsx: a value's length",
      "server/e.ts: an image field's data URL",
    ]);
    expect(
      rulesOutsideCatalogue([{ file: 'shared/fields/value-problems.ts', text: strays[0]?.text ?? '' }]),
    ).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { cleanClipboardHtml } from '../../src/editor/paste/clean-clipboard-html';
import { parseListMarker } from '../../src/editor/paste/list-marker';
import { outline, parseHtml, pasteThroughSchema } from '../support/paste-through-schema';

/** A Word list paragraph as Word for Windows writes it. */
const wordItem = (level: number, marker: string, text: string, list = 'l0') =>
  `<p class=MsoListParagraphCxSpMiddle style='margin-left:${36 * level}.0pt;text-indent:-18.0pt;mso-list:${list} level${level} lfo1'><![if !supportLists]><span style='mso-fareast-font-family:Calibri'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>${text}<o:p></o:p></p>`;

const pasted = (html: string) => outline(pasteThroughSchema(html).doc);

describe('list markers typed by Word', () => {
  it('reads numbers, letters, roman numerals, legal numbers and bullets', () => {
    expect(parseListMarker('1.')).toEqual({ kind: 'ordered', type: '1', value: 1, legal: false });
    expect(parseListMarker('12)')).toEqual({ kind: 'ordered', type: '1', value: 12, legal: false });
    expect(parseListMarker('c)')).toEqual({ kind: 'ordered', type: 'a', value: 3, legal: false });
    expect(parseListMarker('(B)')).toEqual({ kind: 'ordered', type: 'A', value: 2, legal: false });
    expect(parseListMarker('i.')).toEqual({ kind: 'ordered', type: 'i', value: 1, legal: false });
    expect(parseListMarker('iv.')).toEqual({ kind: 'ordered', type: 'i', value: 4, legal: false });
    expect(parseListMarker('XII.')).toEqual({ kind: 'ordered', type: 'I', value: 12, legal: false });
    expect(parseListMarker('1.1.')).toEqual({ kind: 'ordered', type: '1', value: 1, legal: true });
    expect(parseListMarker('2.3.4')).toEqual({ kind: 'ordered', type: '1', value: 4, legal: true });
    for (const bullet of ['·', '§', 'Ø', 'o', '•', '-', '\uf0b7'])
      expect(parseListMarker(bullet)).toEqual({ kind: 'bullet' });
    expect(parseListMarker('')).toBeNull();
    expect(parseListMarker('Article')).toBeNull();
  });
});

describe('Word clipboard', () => {
  it('nests by level and takes each level’s numbering style from its marker', () => {
    const html = [
      wordItem(1, '1.', 'Scope'),
      wordItem(2, 'a)', 'goods'),
      wordItem(3, 'i.', 'new'),
      wordItem(3, 'ii.', 'used'),
      wordItem(2, 'b)', 'services'),
      wordItem(1, '2.', 'Price'),
      wordItem(2, 'A.', 'net'),
      wordItem(2, 'B.', 'gross'),
      wordItem(3, 'I.', 'with tax'),
    ].join('\r\n');
    expect(pasted(html)).toEqual([
      'ol type=1',
      '  li',
      '    p: Scope',
      '    ol type=a',
      '      li',
      '        p: goods',
      '        ol type=i',
      '          li',
      '            p: new',
      '          li',
      '            p: used',
      '      li',
      '        p: services',
      '  li',
      '    p: Price',
      '    ol type=A',
      '      li',
      '        p: net',
      '      li',
      '        p: gross',
      '        ol type=I',
      '          li',
      '            p: with tax',
    ]);
  });

  it('reads "1.1." markers as legal numbering, for the whole list', () => {
    const html = [
      wordItem(1, '1.', 'Definitions'),
      wordItem(2, '1.1.', 'Agreement'),
      wordItem(2, '1.2.', 'Services'),
      wordItem(3, '1.2.1.', 'Support'),
      wordItem(1, '2.', 'Payment'),
    ].join('');
    expect(pasted(html)).toEqual([
      'ol type=1 legal',
      '  li',
      '    p: Definitions',
      '    ol type=1 legal',
      '      li',
      '        p: Agreement',
      '      li',
      '        p: Services',
      '        ol type=1 legal',
      '          li',
      '            p: Support',
      '  li',
      '    p: Payment',
    ]);
  });

  it('lets the list definitions in the style sheet decide, and keeps where a list starts', () => {
    const style = `<style><!-- @list l0:level1 {mso-level-number-format:alpha-lower; mso-level-tab-stop:none;} @list l1:level1 {mso-level-tab-stop:none;} --></style>`;
    // "i." of a letter list is the ninth letter, not roman one.
    const html = `<html><head>${style}</head><body>${wordItem(1, 'i.', 'ninth')}${wordItem(1, 'j.', 'tenth')}<p class=MsoNormal>Between</p>${wordItem(1, '3.', 'third', 'l1')}</body></html>`;
    expect(pasted(html)).toEqual([
      'ol type=a start=9',
      '  li',
      '    p: ninth',
      '  li',
      '    p: tenth',
      'p: Between',
      'ol type=1 start=3',
      '  li',
      '    p: third',
    ]);
  });

  it('drops bullet glyphs, Office markup, conditional comments and empty spans, and keeps every word', () => {
    const html = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><!--[if gte mso 9]><xml><w:WordDocument><w:View>Normal</w:View></w:WordDocument></xml><![endif]--></head><body lang=EN-US><!--StartFragment-->
<p class=MsoNormal><span style='mso-bookmark:_Ref1'></span><b style='mso-bidi-font-weight:normal'>Bold</b> and <span style='font-family:"Calibri",sans-serif'>plain<o:p></o:p></span></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-.25in;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><!--[endif]-->First point<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-.25in;mso-list:l0 level2 lfo1'><span style='font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span>Second <st1:place w:st="on">Paris</st1:place><o:p></o:p></p>
<!--EndFragment--></body></html>`;
    const { clean, doc } = pasteThroughSchema(html);
    expect(outline(doc)).toEqual([
      'p: [bold]Bold and plain',
      'ul',
      '  li',
      '    p: First point',
      '    ul',
      '      li',
      '        p: Second Paris',
    ]);
    expect(clean).toBe(
      '<p><strong>Bold</strong> and plain</p><ul><li><p>First point</p><ul><li><p>Second Paris</p></li></ul></li></ul>',
    );
  });

  it('keeps a numbered heading’s number as text, a page break as a page break, and bold paragraph styles', () => {
    const html = `<html><head><style>p.CenterTextBold, li.CenterTextBold {text-align:center; font-weight:bold;}</style></head><body>
<h1 style='mso-list:l2 level1 lfo3'><![if !supportLists]><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp; </span></span><![endif]>Definitions</h1>
<p class=CenterTextBold>TITLE</p>
<span lang=EN-US style='font-size:11pt'><br clear=all style='page-break-before:always'></span>
<p class=MsoNormal>Next page</p>
<p class=MsoNormal style='margin-left:.5in'>Indented half an inch</p>
<p class=MsoNormal style='margin-left:72.0pt;text-align:justify'>Indented an inch</p></body></html>`;
    const { doc } = pasteThroughSchema(html);
    expect(outline(doc)).toEqual([
      'h1: 1. Definitions',
      'p (center): [bold]TITLE',
      'pageBreak',
      'p: Next page',
      'p (indent 1): Indented half an inch',
      'p (justify) (indent 2): Indented an inch',
    ]);
  });
});

describe('Google Docs, web pages and anything else', () => {
  it('nests a flat Google Docs list by aria-level', () => {
    const li = (level: number, type: string, text: string) =>
      `<li dir="ltr" style="list-style-type:${type};font-size:11pt;margin-left:${level * 36}pt" aria-level="${level}"><p dir="ltr" role="presentation"><span style="font-weight:400">${text}</span></p></li>`;
    const html = `<b style="font-weight:normal;" id="docs-internal-guid-1"><ol>${li(1, 'decimal', 'One')}${li(2, 'lower-alpha', 'One a')}${li(2, 'lower-alpha', 'One b')}${li(3, 'lower-roman', 'One b i')}${li(1, 'decimal', 'Two')}</ol></b>`;
    expect(pasted(html)).toEqual([
      'ol type=1',
      '  li',
      '    p: One',
      '    ol type=a',
      '      li',
      '        p: One a',
      '      li',
      '        p: One b',
      '        ol type=i',
      '          li',
      '            p: One b i',
      '  li',
      '    p: Two',
    ]);
  });

  it('keeps only absolute http, https and mailto links, and always their text', () => {
    const html = `<p><a href="javascript:alert(1)">run</a> <a href="data:text/html,x">data</a> <a href="/relative">here</a> <a href="#_Toc1">toc</a> <a href="HTTPS://Example.com/a?b=1&amp;c=2">site</a> <a href="mailto:a@example.com">mail</a></p>`;
    const { doc } = pasteThroughSchema(html);
    expect(outline(doc)).toEqual([
      'p: run data here toc [link=HTTPS://Example.com/a?b=1&c=2]site [link=mailto:a@example.com]mail',
    ]);
  });

  it('passes HTML copied from a Pactum editor through as it is', () => {
    const html =
      '<p data-pm-slice="1 1 []"><span data-type="merge-field" data-key="client.name">Client</span></p>';
    expect(cleanClipboardHtml(html, parseHtml)).toBe(html);
  });

  it('bounds list depth and element nesting, keeping all the text', () => {
    let lists = 'deepest';
    for (let level = 30; level >= 1; level -= 1) lists = `<ul><li>level ${level}${lists}</li></ul>`;
    const { doc } = pasteThroughSchema(lists);
    const lines = outline(doc);
    expect(lines.filter((line) => line.trim() === 'ul')).toHaveLength(9);
    for (let level = 1; level <= 30; level += 1) expect(JSON.stringify(doc)).toContain(`level ${level}`);
    expect(JSON.stringify(doc)).toContain('deepest');

    const deep = `${'<div><span>'.repeat(3000)}bottom${'</span></div>'.repeat(3000)}`;
    const started = performance.now();
    const clean = cleanClipboardHtml(deep, parseHtml);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(clean).toBe('<p>bottom</p>');
  });

  it('bounds spans and list starts to what the document check accepts', () => {
    const html = '<ol start="99999999"><li>far</li></ol><table><tr><td colspan="5000">wide</td></tr></table>';
    const { clean, doc } = pasteThroughSchema(html);
    expect(clean).toBe(
      '<ol><li><p>far</p></li></ol><table><tbody><tr><td colspan="100"><p>wide</p></td></tr></tbody></table>',
    );
    expect(outline(doc)[0]).toBe('ol type=1');
  });

  it('turns nothing into nothing and plain markup into paragraphs', () => {
    expect(cleanClipboardHtml('', parseHtml)).toBe('');
    expect(cleanClipboardHtml('just text<br>and a line', parseHtml)).toBe('<p>just text<br>and a line</p>');
    expect(
      cleanClipboardHtml(
        '<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>',
        parseHtml,
      ),
    ).toBe('');
  });

  it('drops the Windows clipboard header when it arrives in front of the HTML', () => {
    const header =
      'Version:0.9\r\nStartHTML:0000000105\r\nEndHTML:0000000185\r\nStartFragment:0000000141\r\nEndFragment:0000000149\r\n';
    const html = `${header}<html><body><!--StartFragment--><p>Clause</p><!--EndFragment--></body></html>`;
    expect(cleanClipboardHtml(html, parseHtml)).toBe('<p>Clause</p>');
  });
});

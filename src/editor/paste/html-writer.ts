import type { TextMarks } from './inline-style';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => escapes[character] as string);
}

/**
 * Collects clean HTML: blocks as they are finished, and the inline content of the paragraph being
 * filled. Text arrives with its marks and is wrapped in the schema's own tags, one run at a time,
 * so a paragraph can be closed anywhere (a Word page break inside a span) without unbalancing
 * anything.
 */
export class HtmlWriter {
  private readonly blocks: string[] = [];
  private inline: string[] = [];
  private hasText = false;
  /** Attributes of the paragraph the inline content goes into (alignment, indent). */
  paragraphAttributes = '';

  text(text: string, marks: TextMarks): void {
    if (text.length === 0) return;
    if (/[^\s]/.test(text)) this.hasText = true;
    let html = escapeHtml(text);
    if (marks.code) html = `<code>${html}</code>`;
    if (marks.strike) html = `<s>${html}</s>`;
    // A link's underline is how browsers and word processors show links, not a mark of its own.
    if (marks.underline && !marks.link) html = `<u>${html}</u>`;
    if (marks.italic) html = `<em>${html}</em>`;
    if (marks.bold) html = `<strong>${html}</strong>`;
    if (marks.link) html = `<a href="${escapeHtml(marks.link)}">${html}</a>`;
    this.inline.push(html);
  }

  /** A line break; one before any text (Word's signature lines, layout spacing) is dropped. */
  hardBreak(): void {
    if (this.hasText) this.inline.push('<br>');
  }

  /** Ends the paragraph being filled; one with no visible text is dropped (Word's spacers). */
  flush(): void {
    if (this.hasText) {
      const content = this.inline.join('').replace(/(<br>)+$/, '');
      this.blocks.push(`<p${this.paragraphAttributes}>${content}</p>`);
    }
    this.inline = [];
    this.hasText = false;
  }

  block(html: string): void {
    this.flush();
    if (html) this.blocks.push(html);
  }

  /** The inline content so far, for a heading, and nothing left behind. */
  takeInline(): string | null {
    const content = this.hasText ? this.inline.join('').replace(/(<br>)+$/, '') : null;
    this.inline = [];
    this.hasText = false;
    return content;
  }

  html(): string {
    this.flush();
    return this.blocks.join('');
  }
}

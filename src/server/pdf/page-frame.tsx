import { Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { fontStacks, registerPdfFonts } from './pdf-fonts';
import { installGlyphWriter } from './pdf-glyphs';
import { toPdfText } from './pdf-text';

registerPdfFonts();
installGlyphWriter();

/** Shared look of every Pactum PDF, so the contract, signature pages and certificate read as one document. */
export const colors = {
  text: '#111827',
  muted: '#6b7280',
  rule: '#d1d5db',
  strongRule: '#9ca3af',
  faint: '#f3f4f6',
  accent: '#1e3a8a',
  link: '#1d4ed8',
} as const;

/** Font stacks (see pdf-fonts.ts): bold is fontWeight 700, italic fontStyle 'italic'. */
export const fonts = fontStacks;

/**
 * A4 in points. The page padding holds the header and footer; the content area adds its own gap
 * to them, giving margins of about 2 cm all round.
 */
export const page = { width: 595.28, height: 841.89, marginX: 56, marginTop: 34, marginBottom: 30 } as const;
export const contentWidth = page.width - 2 * page.marginX;

const styles = StyleSheet.create({
  page: {
    paddingTop: page.marginTop,
    paddingBottom: page.marginBottom,
    paddingHorizontal: page.marginX,
    fontFamily: fonts.sans,
    fontSize: 10.5,
    lineHeight: 1.45,
    color: colors.text,
  },
  header: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderBottomWidth: 0.5,
    borderBottomColor: colors.rule,
    paddingBottom: 5,
    fontSize: 8,
    lineHeight: 1.2,
    color: colors.muted,
  },
  headerTitle: {
    flexGrow: 1,
    flexShrink: 1,
    fontWeight: 700,
    color: colors.text,
    maxLines: 1,
    textOverflow: 'ellipsis',
  },
  headerAside: {
    flexShrink: 0,
    marginLeft: 16,
    maxWidth: 200,
    textAlign: 'right',
    maxLines: 1,
    textOverflow: 'ellipsis',
  },
  content: { flexGrow: 1, paddingTop: 22, paddingBottom: 20 },
  footer: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderTopWidth: 0.5,
    borderTopColor: colors.rule,
    paddingTop: 5,
    fontSize: 8,
    lineHeight: 1.2,
    color: colors.muted,
  },
  footerReference: { flexShrink: 1, marginRight: 16, maxLines: 1, textOverflow: 'ellipsis' },
  pageNumber: { flexShrink: 0 },
});

type FrameProps = {
  title: string;
  aside?: string;
  reference: string;
  /** Sections appended to a contract number their own pages ('Signature page 1 of 1'), so as not to read as contract pages. */
  pageLabel?: string;
};

/**
 * One A4 page flow with a running header (title, and e.g. the organization on the right) and a
 * footer with the reference and 'Page X of Y' on every page.
 *
 * This uses react-pdf's page `layout` (its newer pagination engine) rather than `fixed` elements
 * with a `render` prop: in react-pdf 4.9 the classic engine drops render-prop text unless it is
 * given a minimum height, crashes on some bordered views split across pages, and re-lays out the
 * whole remainder at every page break (seconds for a 100-page contract).
 */
export function PageFrame(props: FrameProps & { children: ReactNode }) {
  const { children, ...frame } = props;
  return (
    <Page {...pageProps} layout={(layout) => <Chrome {...frame} {...layout} />}>
      {children}
    </Page>
  );
}

/**
 * The header and footer are one line each (maxLines 1) on every page, so the content has the same
 * region on every page: the layout engine (patched, see patches/) measures it once per pagination
 * round instead of laying the chrome out around a probe for each page.
 */
const pageProps = { size: 'A4', style: styles.page, sameRegionOnEveryPage: true } as const;

function Chrome(props: FrameProps & { pageNumber?: number; totalPages?: number; children: ReactNode }) {
  return (
    <>
      <View style={styles.header}>
        <Text style={styles.headerTitle}>{toPdfText(props.title)}</Text>
        {props.aside ? <Text style={styles.headerAside}>{toPdfText(props.aside)}</Text> : null}
      </View>
      <View style={styles.content}>{props.children}</View>
      <View style={styles.footer}>
        <Text style={styles.footerReference}>{toPdfText(props.reference)}</Text>
        <Text
          style={styles.pageNumber}
        >{`${props.pageLabel ?? 'Page'} ${props.pageNumber ?? 1} of ${props.totalPages ?? 1}`}</Text>
      </View>
    </>
  );
}

import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { colors, contentWidth, fonts } from './page-frame';
import { formatUtc, longWordPenalty, toPdfText, wordBreaker, wrapMonospace } from './pdf-text';

export type HistoryEvent = {
  timestamp: Date;
  action: string;
  actor: string;
  details: string | null;
  ip: string | null;
  userAgent: string | null;
};

const cellPadding = 4;
const cellSize = 7.5;
/** Noto Sans Mono at this size: IP addresses up to 15 characters fit their column on one line. */
const monoSize = 6.8;
const timeColumnWidth = 56;

/**
 * The history table's columns, in points. The user agent, often 120 characters and more, gets a
 * full-width line under each event instead of a column: in a sixth column it would wrap into a
 * narrow ribbon several times taller than the rest of the row.
 */
const columns = [
  { title: 'Time (UTC)', width: timeColumnWidth },
  { title: 'Action', width: 72 },
  { title: 'Actor', width: 120 },
  { title: 'Details', width: 150 },
  { title: 'IP address', width: contentWidth - 398, mono: true },
] as const;

/** Monospaced cells are wrapped exactly beforehand (wrapMonospace), so their words are kept whole. */
const keepWhole = (word: string) => [word];
const cellBreakers = columns.map((column) =>
  'mono' in column ? keepWhole : wordBreaker(column.width - 2 * cellPadding, cellSize),
);

const longDetailsBreaker = wordBreaker(contentWidth - timeColumnWidth - 2 * cellPadding, cellSize);

/** How many monospaced characters fit in a width: Noto Sans Mono advances 0.6 em per character. */
// One character of slack: the layout wants a little more room than the glyphs take.
const monoChars = (width: number) => Math.floor((width - 2 * cellPadding) / (0.6 * monoSize)) - 1;

const styles = StyleSheet.create({
  tableHeader: { flexDirection: 'row', backgroundColor: colors.accent, color: '#ffffff' },
  row: { borderBottomWidth: 0.5, borderBottomColor: colors.rule },
  rowColumns: { flexDirection: 'row' },
  stripe: { backgroundColor: colors.faint },
  cell: { paddingHorizontal: cellPadding, paddingVertical: 3, fontSize: cellSize, lineHeight: 1.3 },
  headerCell: { fontWeight: 700 },
  monoCell: { fontFamily: fonts.mono, fontSize: monoSize },
  longDetails: { marginLeft: timeColumnWidth, paddingTop: 0 },
  userAgent: {
    marginLeft: timeColumnWidth,
    paddingTop: 0,
    fontFamily: fonts.mono,
    fontSize: monoSize,
    color: colors.muted,
  },
});

/**
 * Details longer than this may not fit on one page in their column (a signature listing the values
 * of many fields): they are written across the row's full width under it, and run on to the next
 * pages, since a row of columns cannot be split.
 */
const longDetails = 600;

/** Every event of a contract's history, oldest first as given, one row each (never split across pages, but for long details). */
const long = (event: HistoryEvent) => (event.details?.length ?? 0) > longDetails;

export function HistoryTable({ events }: { events: HistoryEvent[] }) {
  return (
    <View>
      {/* `fixed` in the flow repeats the header row at the top of every page the table continues on. */}
      <View style={styles.tableHeader} fixed>
        {columns.map((column) => (
          <Text key={column.title} style={[styles.cell, styles.headerCell, { width: column.width }]}>
            {column.title}
          </Text>
        ))}
      </View>
      {events.map((event, index) => (
        <View
          // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
          key={index}
          style={[styles.row, index % 2 === 1 ? styles.stripe : {}]}
          wrap={long(event)}
        >
          <View style={styles.rowColumns}>
            {[
              formatUtc(event.timestamp).replace(' UTC', ''),
              // 'email_code_confirmed' wraps at its words, not inside one.
              event.action.replaceAll('_', ' '),
              event.actor,
              long(event) ? '(below)' : (event.details ?? ''),
              event.ip ?? '',
            ].map((value, columnIndex) => {
              const column = columns[columnIndex] ?? columns[0];
              const mono = 'mono' in column;
              const text = toPdfText(value);
              return (
                <Text
                  key={column.title}
                  style={[styles.cell, mono ? styles.monoCell : {}, { width: column.width }]}
                  hyphenationCallback={cellBreakers[columnIndex]}
                  hyphenationPenalty={longWordPenalty}
                >
                  {/* Monospaced cells are wrapped here, exactly, so no hyphen is ever added to an address. */}
                  {mono ? wrapMonospace(text, monoChars(column.width)) : text}
                </Text>
              );
            })}
          </View>
          {long(event) && (
            <Text
              style={[styles.cell, styles.longDetails]}
              hyphenationCallback={longDetailsBreaker}
              hyphenationPenalty={longWordPenalty}
            >
              {toPdfText(`Details: ${event.details}`)}
            </Text>
          )}
          <Text style={[styles.cell, styles.userAgent]}>
            {event.userAgent
              ? wrapMonospace(
                  `User agent: ${toPdfText(event.userAgent)}`,
                  monoChars(contentWidth - timeColumnWidth),
                )
              : 'User agent: not recorded'}
          </Text>
        </View>
      ))}
    </View>
  );
}

import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A document column (schema/columns.ts `document`) read as its JSON text. A 3,000-paragraph
 * document parsed on the request thread is some 30,000 objects: each one read, handed to the
 * content thread and written back cost milliseconds of parsing and, worse, garbage collections of
 * 15–45 ms that held every other request. Read as text it is one string, which the content thread
 * parses instead.
 */
export const jsonText = (column: AnyColumn): SQL<string> => sql<string>`${column}::text`;

/** JSON text (from the content thread, or read with jsonText) written to a document column as it is. */
export const storedJson = (text: string): SQL => sql`${text}::json`;

import { customType, json, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EditorDocument } from '../../../shared/api/editor-document';

// The column kinds every table uses.

export const id = () => uuid('id').primaryKey().defaultRandom();
// Millisecond precision, like a JavaScript Date: a keyset cursor made from a row then finds it exactly.
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
export const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();
/**
 * A contract's document (and a version's, a suggestion's): `json`, the JSON text as the content
 * thread wrote it, not `jsonb`. Nothing queries inside a document, and on the embedded database
 * a 3,000-paragraph one took 12 ms to parse into jsonb when written and 12 ms to print as text
 * whenever read (every read prints it), against 2.4 ms each as json. Its text is also exactly
 * what JSON.stringify makes of it, so the hash of a version (record-version.ts) is the hash of
 * the JSON the API hands out.
 */
export const document = () => json('content').$type<EditorDocument>().notNull();

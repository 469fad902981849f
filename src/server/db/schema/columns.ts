import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

// The column kinds every table uses.

export const id = () => uuid('id').primaryKey().defaultRandom();
// Millisecond precision, like a JavaScript Date: a keyset cursor made from a row then finds it exactly.
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
export const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();

import { AppError } from '../../../shared/errors';

/** An opaque keyset position: the updatedAt and id of the last row of a page. */
export type Cursor = { updatedAt: Date; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt.toISOString(), cursor.id])).toString('base64url');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(raw: string): Cursor {
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    const date = new Date(String(updatedAt));
    if (typeof id === 'string' && uuidPattern.test(id) && !Number.isNaN(date.getTime()))
      return { updatedAt: date, id };
  } catch {
    // falls through to the error below: a malformed cursor is the caller's mistake
  }
  throw new AppError('INVALID_INPUT', 'The cursor is not one this API returned', 'cursor');
}

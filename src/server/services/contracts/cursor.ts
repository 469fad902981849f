import type { ContractSort } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import { uuidPattern } from '../../../shared/uuid';

/** An opaque keyset position: the sort it belongs to, the last row's sort key and its id. */
export type Cursor = { sort: ContractSort; key: string; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

const sorts: readonly string[] = ['updated', 'created', 'title'];

/** Reads a cursor made for this sort; any other is the caller's mistake. */
export function decodeCursor(raw: string, sort: ContractSort): Cursor {
  try {
    const [given, key, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    const dateOk = sort === 'title' || !Number.isNaN(new Date(String(key)).getTime());
    if (
      given === sort &&
      sorts.includes(String(given)) &&
      typeof key === 'string' &&
      dateOk &&
      typeof id === 'string' &&
      uuidPattern.test(id)
    ) {
      return { sort, key, id };
    }
  } catch {
    // falls through to the error below: a malformed cursor is the caller's mistake
  }
  throw new AppError('INVALID_INPUT', 'The cursor is not one this API returned', 'cursor');
}

import { causes } from '../logging';

/** The SQLSTATE of a failed query (pg and PGlite both set `code`), looked for through its causes. */
export function sqlState(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

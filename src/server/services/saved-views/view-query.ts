import { searchQuerySchema } from '../../../shared/api/search';
import { AppError } from '../../../shared/errors';

/** Keys of the search page's address that are not filters: where a page starts is not saved. */
const unsaved = new Set(['offset', 'limit']);

/**
 * A view's query string as the search page would read it, checked with the search's own schema
 * (so a saved view always opens), its keys in a fixed order, without paging or unknown keys.
 */
export function savedQueryOf(text: string): string {
  const params = new URLSearchParams(text.startsWith('?') ? text.slice(1) : text);
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (unsaved.has(key)) continue;
    const values = params.getAll(key).filter((value) => value !== '');
    if (values.length > 0) input[key] = values.length === 1 ? (values[0] as string) : values;
  }
  const parsed = searchQuerySchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'INVALID_INPUT',
      `The view's filters: ${issue?.path.join('.')} ${issue?.message}`,
      'query',
    );
  }
  const out = new URLSearchParams();
  for (const key of Object.keys(input).sort()) {
    if (!(key in searchQuerySchema.shape)) continue;
    for (const value of [input[key] ?? []].flat()) out.append(key, value);
  }
  return out.toString();
}

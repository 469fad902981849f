import { describe, expect, it } from 'vitest';
import { pageRuns } from '../../src/web/features/contracts/components/file-search-note';

describe('the pages a PDF note names', () => {
  it('reads consecutive pages as runs, and cuts a long list short', () => {
    expect(pageRuns([3])).toBe('3');
    expect(pageRuns([3, 4])).toBe('3–4');
    expect(pageRuns([1, 2, 3, 7, 9, 10])).toBe('1–3, 7, 9–10');
    expect(pageRuns([1, 3, 5, 7, 9, 11, 13, 15])).toBe('1, 3, 5, 7, 9, 11, …');
    expect(pageRuns([])).toBe('');
  });
});

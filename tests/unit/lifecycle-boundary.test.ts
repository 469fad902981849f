import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobDefinitions } from '../../src/server/jobs/definitions';
import { consumersOf, eventSubscriptions } from '../../src/server/jobs/event-subscriptions';
import { eventTypes } from '../../src/shared/events';

const serverDir = join(import.meta.dirname, '../../src/server');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
const sources = files(serverDir).map((file) => ({
  file: relative(serverDir, file),
  text: readFileSync(file, 'utf8'),
}));

/** Each drizzle statement on `contracts` of this kind, up to the end of the statement. */
function statements(text: string, verb: 'update' | 'insert'): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`\\.${verb}\\(contracts\\)`, 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = text.indexOf(';', match.index);
    found.push(text.slice(match.index, end === -1 ? undefined : end));
  }
  return found;
}

describe('the lifecycle spine', () => {
  it("leaves writing a contract's status to transition() alone", () => {
    const writers = sources
      .filter(({ text }) =>
        statements(text, 'update').some((statement) => /\.set\(\{[^)]*\bstatus\b/.test(statement)),
      )
      .map(({ file }) => file);
    expect(writers).toEqual(['services/lifecycle/transition.ts']);
    const rawSql = sources.filter(({ text }) => /update\s+"?contracts"?\s+set[^;`]*\bstatus\b/i.test(text));
    expect(rawSql.map(({ file }) => file)).toEqual([]);
  });

  it('creates contracts as drafts only', () => {
    const inserters = sources
      .filter(({ text }) =>
        statements(text, 'insert').some((statement) => /status:\s*(?!'draft')/.test(statement)),
      )
      .map(({ file }) => file);
    expect(inserters).toEqual([]);
  });

  it('has one job definition for every consumer, and every event a consumer', () => {
    const types = jobDefinitions.map((definition) => definition.type);
    expect(new Set(types).size).toBe(types.length);
    for (const name of Object.keys(eventSubscriptions)) expect(types).toContain(name);
    for (const type of eventTypes) expect(consumersOf(type).length, type).toBeGreaterThan(0);
  });
});

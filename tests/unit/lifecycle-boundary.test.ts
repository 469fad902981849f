import { describe, expect, it } from 'vitest';
import { jobDefinitions } from '../../src/server/jobs/definitions';
import { consumersOf, eventSubscriptions } from '../../src/server/services/lifecycle/event-consumers';
import { steps } from '../../src/server/services/lifecycle/steps';
import { eventTypes } from '../../src/shared/events';
import { serverSources } from '../support/server-sources';

const sources = serverSources();

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

/**
 * Writes of the spine's own tables, and calls of its writers, that only services/lifecycle/ may
 * make: the history chain, events and bell notices.
 */
const spineWrites: { what: string; pattern: RegExp }[] = [
  { what: 'a history entry', pattern: /\.insert\(\s*contractHistory\s*\)|\bappendHistory\s*\(/ },
  { what: 'an event', pattern: /\.insert\(\s*events\s*\)|\brecordEvent\s*\(/ },
  { what: 'a bell notice', pattern: /\.insert\(\s*notifications\s*\)/ },
  {
    what: 'raw SQL into a spine table',
    pattern: /insert\s+into\s+"?(contract_history|events|notifications)"?/i,
  },
];

/** The files outside the spine that write one of its tables, and what they write. */
function writersOutsideSpine(files: { file: string; text: string }[]): string[] {
  return files
    .filter(({ file }) => !file.startsWith('services/lifecycle/') && !file.startsWith('db/migrations'))
    .flatMap(({ file, text }) =>
      spineWrites.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `${file}: ${what}`),
    );
}

describe('the lifecycle spine', () => {
  it('leaves history, events and bell notices to the spine alone', () => {
    expect(writersOutsideSpine(sources)).toEqual([]);
  });

  it('would notice a history, event or notice written outside the spine', () => {
    const strays = [
      { file: 'services/contracts/x.ts', text: 'await appendHistory(tx, { contractId })' },
      { file: 'services/contracts/y.ts', text: 'await tx.insert(events).values(row)' },
      { file: 'jobs/definitions/z.ts', text: 'await db\n  .insert(notifications)\n  .values(row)' },
      { file: 'services/a.ts', text: 'await tx.insert( contractHistory ).values(entry)' },
      { file: 'services/b.ts', text: "sql`INSERT INTO events (type) VALUES ('x')`" },
    ];
    expect(writersOutsideSpine(strays)).toEqual([
      'services/contracts/x.ts: a history entry',
      'services/contracts/y.ts: an event',
      'jobs/definitions/z.ts: a bell notice',
      'services/a.ts: a history entry',
      'services/b.ts: raw SQL into a spine table',
    ]);
    expect(
      writersOutsideSpine([{ file: 'services/lifecycle/transition.ts', text: strays[0]?.text ?? '' }]),
    ).toEqual([]);
  });

  it('queues every job through the typed enqueue of queue/job-type.ts', () => {
    const untyped = sources
      .filter(({ file }) => !file.startsWith('queue/'))
      .filter(({ text }) => /\benqueueJobs?\s*\(/.test(text))
      .map(({ file }) => file);
    expect(untyped).toEqual([]);
  });

  it('declares every step once: the status moves of the table, and an event for each', () => {
    const moves = Object.entries(steps).flatMap(([type, step]) => (step.to ? [[type, step.to]] : []));
    expect(Object.fromEntries(moves)).toEqual({
      'contract.sent': 'sent',
      'contract.completed': 'signed',
      'contract.declined': 'canceled',
      'contract.rejected': 'canceled',
      'contract.canceled': 'canceled',
      'contract.expired': 'expired',
    });
    expect(Object.keys(steps).sort()).toEqual([...eventTypes].sort());
  });

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

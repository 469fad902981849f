import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractHistory, contracts, documents, events, jobs } from '../../src/server/db/schema';
import { withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, testApp } from '../support/test-app';

// On PostgreSQL the signatures really run in parallel transactions; the embedded engine runs
// one query at a time, so a few rounds there are enough.
// Twenty rounds of twenty concurrent signatures (ROUNDS=n for more): about a minute alone, and
// three in the whole run on a 2-core machine, which must stay under 30 minutes.
const rounds = Number(process.env.ROUNDS ?? (process.env.TEST_DATABASE_URL ? 20 : 3));
const signerCount = 20;

const ctx = await testApp();
const owner = await buildAccount(ctx);
const { peer, background } = await withMail(ctx);

describe('signers finishing at the same instant', () => {
  it(`complete once, seal once and mail everyone once (${signerCount} signers, ${rounds} rounds)`, {
    timeout: 600_000,
  }, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const people = Array.from({ length: signerCount }, (_, index) => ({
        name: `Signer ${index + 1}`,
        email: `r${round}-s${index + 1}@example.com`,
      }));
      const id = await createAndSend(ctx, owner, people, { title: `Round ${round}` });
      await background.drain();
      const browsers = await Promise.all(
        people.map((person) => openLink(ctx, latestTokenFor(peer, person.email))),
      );

      const results = await Promise.all(
        browsers.map((browser, index) => signAs(ctx, browser, { fullName: people[index]?.name ?? '' })),
      );
      expect(results.map((result) => result.statusCode)).toEqual(people.map(() => 204));

      const history = await ctx.database.db
        .select()
        .from(contractHistory)
        .where(eq(contractHistory.contractId, id));
      expect(
        history.filter((entry) => entry.action === 'completed'),
        `round ${round}`,
      ).toHaveLength(1);
      expect(history.filter((entry) => entry.action === 'signed')).toHaveLength(signerCount);
      // The chain has no forks: one entry per position.
      expect(new Set(history.map((entry) => entry.seq)).size).toBe(history.length);
      // One completion event, and one seal job queued for it.
      const completions = await ctx.database.db
        .select()
        .from(events)
        .where(and(eq(events.contractId, id), eq(events.type, 'contract.completed')));
      expect(completions).toHaveLength(1);
      const sealJobs = (
        await ctx.database.db.select().from(jobs).where(eq(jobs.type, 'seal-contract'))
      ).filter((job) => (job.payload as { eventId?: string }).eventId === completions[0]?.id);
      expect(sealJobs).toHaveLength(1);

      await background.drain();
      const [contract] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, id));
      expect(contract?.status).toBe('signed');
      expect(contract?.sealedAt).not.toBeNull();
      const finals = await ctx.database.db
        .select({ id: documents.id })
        .from(documents)
        .where(eq(documents.contractId, id));
      expect(finals).toHaveLength(2); // the frozen one and one final one
      for (const email of [...people.map((person) => person.email), owner.email]) {
        const completed = peer.to(email).filter((mail) => mail.subject === `Completed: "Round ${round}"`);
        expect(completed, `${email} in round ${round}`).toHaveLength(1);
      }
    }
  });
});

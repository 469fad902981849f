import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, jobs, notifications } from '../../src/server/db/schema';
import { enqueueJob } from '../../src/server/queue/job-queue';
import { withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, sampleDocument, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olga Owner' });
const { peer, background } = await withMail(ctx);

const eventsOf = async (contractId: string) =>
  (
    await ctx.database.db
      .select()
      .from(events)
      .where(eq(events.contractId, contractId))
      .orderBy(asc(events.createdAt))
  ).map((event) => event.type);

const notesOf = async (contractId: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.contractId, contractId)))
    .map((note) => note.kind)
    .sort();

describe('events drive what follows a change', () => {
  it('records each step of a ceremony once, and each consumer reacts once', async () => {
    const ann = { name: 'Ann Ahl', email: 'ann.events@example.com' };
    const ben = { name: 'Ben Bo', email: 'ben.events@example.com' };
    const id = await createAndSend(ctx, owner, [ann, ben]);
    expect(await eventsOf(id)).toEqual(['contract.created', 'contract.sent']);
    // The consumers of the event were queued with it, in the send's transaction: those with
    // something to do (no webhook endpoint here, so no fan-out).
    const [sent] = await ctx.database.db
      .select()
      .from(events)
      .where(and(eq(events.contractId, id), eq(events.type, 'contract.sent')));
    const queued = (await ctx.database.db.select().from(jobs)).filter((job) =>
      job.dedupeKey?.endsWith(`:${sent?.id}`),
    );
    expect(queued.map((job) => job.type).sort()).toEqual(['mail-signers']);

    await background.drain();
    for (const person of [ann, ben]) {
      const browser = await openLink(ctx, latestTokenFor(peer, person.email));
      expect((await signAs(ctx, browser, { fullName: person.name })).statusCode).toBe(204);
    }
    await background.drain();
    expect(await eventsOf(id)).toEqual([
      'contract.created',
      'contract.sent',
      'contract.viewed',
      'contract.signed',
      'contract.viewed',
      'contract.signed',
      'contract.completed',
      'contract.sealed',
    ]);
    expect(await notesOf(id)).toEqual(['completed', 'signed', 'signed', 'viewed', 'viewed']);
    // Everyone got the sealed PDF once.
    for (const email of [ann.email, ben.email, owner.email]) {
      expect(peer.to(email).filter((mail) => mail.subject?.startsWith('Completed:'))).toHaveLength(1);
    }

    // A consumer that runs again for the same event (a worker died after the work) changes nothing.
    const all = await ctx.database.db.select().from(events).where(eq(events.contractId, id));
    for (const event of all) {
      for (const type of ['notify-owner', 'mail-completion', 'seal-contract']) {
        await enqueueJob(ctx.database.db, {
          type,
          payload: { eventId: event.id },
          dedupeKey: `again:${type}:${event.id}`,
        });
      }
    }
    await background.drain();
    expect(await notesOf(id)).toEqual(['completed', 'signed', 'signed', 'viewed', 'viewed']);
    expect(await eventsOf(id)).toHaveLength(8);
    for (const email of [ann.email, ben.email, owner.email]) {
      expect(peer.to(email).filter((mail) => mail.subject?.startsWith('Completed:'))).toHaveLength(1);
    }
  });

  it('refuses a move the status table does not allow, and records nothing for it', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Draft only', content: sampleDocument(), signers: [] },
    });
    const id = created.json().id as string;
    const cancel = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/cancel`,
      json: { reason: 'Not needed' },
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toMatchObject({
      code: 'CONTRACT_NOT_OPEN',
      message: 'This contract is draft; only a sent contract can be canceled',
    });
    // Its creation is all that happened to it.
    expect(await eventsOf(id)).toEqual(['contract.created']);

    const sent = await createAndSend(ctx, owner, [{ name: 'Cy Cancel', email: 'cy.events@example.com' }]);
    const first = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${sent}/cancel`,
      json: { reason: 'Replaced' },
    });
    expect(first.statusCode).toBe(200);
    const second = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${sent}/cancel`,
      json: { reason: 'Again' },
    });
    expect(second.statusCode).toBe(409);
    expect(await eventsOf(sent)).toEqual(['contract.created', 'contract.sent', 'contract.canceled']);
  });
});

import { describe, expect, it } from 'vitest';
import { approvalConsentDisclosure } from '../../src/shared/consent';
import { eventCatalogue } from '../../src/shared/events';
import { withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, type SigningBrowser, signAs } from '../support/signing';
import { buildAccount, buildMember, call, testApp } from '../support/test-app';

// Each step of a routed contract tells its owner in the bell with a notice of its own kind and
// words (lifecycle/steps.ts), and each is published with its data in the OpenAPI document.

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olga Owner' });
const teammate = await buildMember(ctx, owner);
const { peer, background } = await withMail(ctx);
const at = (who: string) => `${who}@notices.example`;

async function browserOf(email: string): Promise<SigningBrowser> {
  await background.drain();
  return openLink(ctx, latestTokenFor(peer, email));
}
const asSigner = (browser: SigningBrowser, path: string, json: unknown) =>
  call(ctx, null, {
    method: 'POST',
    url: `/api/signing/${browser.signerId}/${path}`,
    headers: { cookie: browser.cookie },
    json,
  });
async function notices(): Promise<{ kind: string; message: string }[]> {
  await background.drain();
  const response = await call(ctx, owner, { method: 'GET', url: '/api/notifications' });
  expect(response.statusCode).toBe(200);
  return response.json().items;
}
const signerId = async (id: string, name: string): Promise<string> => {
  const contract = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
  return contract.signers.find((row: { name: string }) => row.name === name).id;
};

const routingSteps = [
  'contract.turn_reached',
  'contract.viewed',
  'contract.approved',
  'contract.rejected',
  'contract.witnessed',
  'signer.delegated',
  'signer.corrected',
  'signer.added',
  'signer.removed',
  'signer.named',
] as const;

describe("a routed contract's steps in the owner's bell", () => {
  it('each has its own kind and words', { timeout: 90_000 }, async () => {
    const delegation = await call(ctx, owner, {
      method: 'PATCH',
      url: '/api/settings/organization',
      json: { delegation: 'once' },
    });
    expect(delegation.statusCode, delegation.body).toBeLessThan(300);
    const id = await createAndSend(
      ctx,
      owner,
      [
        { name: 'Ada Approver', email: at('ada'), role: 'approver', signingOrder: 1 },
        { name: 'Ben Signer', email: at('ben'), role: 'signer', signingOrder: 2 },
        { name: 'Wes Witness', email: at('wes'), role: 'witness', signingOrder: 2, witnessOf: 2 },
        { name: 'Their signatory', role: 'signer', signingOrder: 3, namedBy: 1 },
        { name: 'Vic Viewer', email: at('vic-typo'), role: 'viewer', signingOrder: 3 },
        { name: 'Remy Removed', email: at('remy'), role: 'signer', signingOrder: 3 },
      ],
      { sequential: true, title: 'Deed of trust' },
    );
    // The owner's own correction is theirs: the bell tells them of what others do.
    const ownCorrection = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}/signers/${await signerId(id, 'Vic Viewer')}`,
      json: { email: at('vic-second-typo') },
    });
    expect(ownCorrection.statusCode, ownCorrection.body).toBe(200);
    const corrected = await call(ctx, teammate, {
      method: 'PATCH',
      url: `/api/contracts/${id}/signers/${await signerId(id, 'Vic Viewer')}`,
      json: { email: at('vic') },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const added = await call(ctx, teammate, {
      method: 'POST',
      url: `/api/contracts/${id}/signers`,
      json: { name: 'Al Added', email: at('al'), role: 'signer', signingOrder: 3 },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const removed = await call(ctx, teammate, {
      method: 'DELETE',
      url: `/api/contracts/${id}/signers/${await signerId(id, 'Remy Removed')}`,
      json: {},
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);

    const ada = await browserOf(at('ada'));
    const approved = await asSigner(ada, 'approve', {
      consentVersion: approvalConsentDisclosure.version,
      fields: { fullName: 'Ada Approver' },
      named: [{ number: 4, name: 'Nia Named', email: at('nia') }],
    });
    expect(approved.statusCode, approved.body).toBe(204);
    const ben = await browserOf(at('ben'));
    const handed = await asSigner(ben, 'delegate', {
      name: 'Dee Deputy',
      email: at('dee'),
      reason: 'On leave',
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await signAs(ctx, await browserOf(at('dee')), { fullName: 'Dee Deputy' })).statusCode).toBe(204);
    expect((await signAs(ctx, await browserOf(at('wes')), { fullName: 'Wes Witness' })).statusCode).toBe(204);
    await browserOf(at('vic'));

    const bell = await notices();
    const said = (kind: string) =>
      bell.filter((notice) => notice.kind === kind).map((notice) => notice.message);
    expect(said('corrected')).toEqual([
      `Vic Viewer's address corrected to vic@notices.example on "Deed of trust"`,
    ]);
    expect(said('recipient_added')).toEqual(['Al Added added to "Deed of trust" as signer, group 3']);
    expect(said('recipient_removed')).toEqual(['Remy Removed removed from "Deed of trust"']);
    // Never invited, Remy is not mailed of the removal either.
    expect(peer.to(at('remy'))).toHaveLength(0);
    expect(said('approved')).toEqual(['Ada Approver approved "Deed of trust"']);
    expect(said('named')).toEqual(['Ada Approver named Nia Named to sign "Deed of trust"']);
    expect(said('delegated')).toEqual(['Ben Signer handed their turn on "Deed of trust" to Dee Deputy']);
    expect(said('witnessed')).toEqual(['Wes Witness witnessed Dee Deputy\'s signature on "Deed of trust"']);
    expect(said('turn_reached')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Group 2's turn on "Deed of trust": Dee Deputy \(signer\)|^Group 2's turn on "Deed of trust": Ben Signer \(signer\)/,
        ),
        expect.stringMatching(/^Group 3's turn on "Deed of trust": /),
      ]),
    );
    expect(said('viewed')).toContain('Vic Viewer opened "Deed of trust"');
    // Nothing of the route is told as a signature any more but a signature.
    expect(said('signed')).toEqual(['Dee Deputy signed "Deed of trust"']);
  });

  it('an approver who rejects is told as a rejection, with the reason', async () => {
    const id = await createAndSend(
      ctx,
      owner,
      [
        { name: 'Rae Rejecter', email: at('rae'), role: 'approver', signingOrder: 1 },
        { name: 'Sol Signer', email: at('sol'), signingOrder: 2 },
      ],
      { sequential: true, title: 'Budget' },
    );
    const rejected = await asSigner(await browserOf(at('rae')), 'decline', { reason: 'No budget line' });
    expect(rejected.statusCode, rejected.body).toBe(204);
    const bell = await notices();
    expect(bell.filter((notice) => notice.kind === 'rejected').map((notice) => notice.message)).toEqual([
      'Rae Rejecter rejected "Budget": No budget line',
    ]);
    expect(bell.some((notice) => notice.kind === 'declined' && notice.message.includes('Budget'))).toBe(
      false,
    );
    expect((await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json().status).toBe(
      'canceled',
    );
  });
});

describe('the webhook payloads of the routing steps', () => {
  type Schema = {
    properties?: Record<string, Schema>;
    required?: string[];
    description?: string;
    deprecated?: boolean;
  };
  const document = async () =>
    (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      webhooks: Record<
        string,
        { post: { summary: string; requestBody: { content: Record<string, { schema: Schema }> } } }
      >;
    };

  it.each(routingSteps)('%s is published with its data schema', async (type) => {
    const hook = (await document()).webhooks[type];
    expect(hook?.post.summary).toBe(eventCatalogue[type].label);
    const data = hook?.post.requestBody.content['application/json']?.schema.properties?.data;
    const fields = data?.properties?.data?.properties ?? data?.properties ?? {};
    for (const field of Object.keys(eventCatalogue[type].data.shape)) {
      expect(fields[field], `${type}.${field}`).toBeDefined();
      expect(fields[field]?.description, `${type}.${field} is described`).toBeTruthy();
    }
  });

  it("documents contract.signed's nextSignerId as deprecated, always null", async () => {
    const hook = (await document()).webhooks['contract.signed'];
    const data = hook?.post.requestBody.content['application/json']?.schema.properties?.data;
    const field = (data?.properties?.data?.properties ?? data?.properties)?.nextSignerId;
    expect(field?.deprecated).toBe(true);
    expect(field?.description).toMatch(/^Deprecated, always null: .*contract\.turn_reached/);
  });
});

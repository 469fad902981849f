import { describe, expect, it } from 'vitest';
import { demoCredentials, seedDemoWorkspace } from '../../src/server/demo/seed-demo';
import { backgroundFor } from '../support/background';
import { openLink } from '../support/signing';
import { signingTokenIn, startSmtpPeer } from '../support/smtp-peer';
import { call, sessionCookieOf, testApp } from '../support/test-app';
import { testEngines } from '../support/test-engines';

const ctx = await testApp({ appUrl: new URL('http://localhost:3000'), secret: 'x'.repeat(40), demo: true });

describe('demo workspace', () => {
  it('is seeded once, signs in with the advertised credentials, and looks alive', async () => {
    const deps = { ...(await testEngines()), files: ctx.database.files };
    expect(await seedDemoWorkspace(ctx.database.db, deps)).toBe(true);
    expect(await seedDemoWorkspace(ctx.database.db, deps)).toBe(false);

    const { credentials } = (await ctx.app.inject({ url: '/api/demo-credentials' })).json();
    expect(credentials).toEqual(demoCredentials);
    const signIn = await call(ctx, null, { method: 'POST', url: '/api/auth/sign-in', json: credentials });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({
      name: 'Demo User',
      role: 'admin',
      organization: { name: 'Demo Company' },
    });
    const cookie = sessionCookieOf(signIn) ?? '';

    const get = (url: string) => ctx.app.inject({ url, headers: { cookie } }).then((r) => r.json());
    const dashboard = await get('/api/dashboard');
    expect(dashboard.counts).toEqual({ draft: 2, sent: 1, signed: 1, expired: 2 });
    expect(dashboard.recentContracts).toHaveLength(4);
    expect(dashboard.recentProjects).toHaveLength(3);
    const statuses = new Set(
      (await get('/api/contracts?limit=100')).items.map((c: { status: string }) => c.status),
    );
    expect([...statuses].sort()).toEqual(['canceled', 'draft', 'expired', 'sent', 'signed']);
    expect((await get('/api/templates')).items).toHaveLength(3);
    // Its contracts have terms, so the deadlines and the reports show something from the start.
    const coming = await get('/api/deadlines/summary');
    expect(coming.within30).toBeGreaterThanOrEqual(1);
    expect(coming.next.map((deadline: { contractTitle: string }) => deadline.contractTitle)).toContain(
      'Mutual NDA — Acme Corp',
    );
    expect((await get('/api/term-settings')).types.map((type: { name: string }) => type.name)).toContain(
      'Lease',
    );

    for (const contract of (await get('/api/contracts?limit=100')).items) {
      expect(await get(`/api/contracts/${contract.id}/history/verification`)).toMatchObject({ intact: true });
      // The history tells what the signers' statuses say: whoever opened or signed has that entry.
      const detail = await get(`/api/contracts/${contract.id}`);
      const history = (await get(`/api/contracts/${contract.id}/history`)).items as {
        action: string;
        details: string | null;
      }[];
      for (const signer of detail.signers as { email: string; status: string }[]) {
        const about = (action: string) =>
          history.filter((entry) => entry.action === action && entry.details?.includes(signer.email));
        if (signer.status !== 'pending') expect(about('viewed'), signer.email).toHaveLength(1);
        if (signer.status === 'signed') expect(about('signed'), signer.email).toHaveLength(1);
        if (signer.status === 'declined') expect(about('declined'), signer.email).toHaveLength(1);
      }
    }
  });

  it('can be tried end to end: the sent contract has a working link, the signed one gets sealed', async () => {
    const peer = await startSmtpPeer();
    const background = await backgroundFor(ctx.database, peer.url);
    await background.drain();
    const signIn = await call(ctx, null, { method: 'POST', url: '/api/auth/sign-in', json: demoCredentials });
    const cookie = sessionCookieOf(signIn) ?? '';
    const get = (url: string) => ctx.app.inject({ url, headers: { cookie } }).then((r) => r.json());
    const items = (await get('/api/contracts?limit=100')).items as { id: string; status: string }[];
    const sent = items.find((contract) => contract.status === 'sent');
    const signed = items.find((contract) => contract.status === 'signed');
    expect((await get(`/api/contracts/${sent?.id}/signing`)).documents.frozen).not.toBeNull();
    expect((await get(`/api/contracts/${signed?.id}/signing`)).sealedAt).not.toBeNull();
    // The one signer still to sign of the sent contract got an invitation whose link works.
    const invitations = peer.received.filter((mail) => /sent you/.test(mail.subject ?? ''));
    expect(invitations.map((mail) => mail.to)).toEqual(['robert.fox@acme.example']);
    const [invitation] = invitations;
    // And the signed one's sealed PDF went to its signer and to the demo user.
    const completed = peer.received.filter((mail) => mail.subject?.startsWith('Completed'));
    expect(completed.map((mail) => mail.to).sort()).toEqual(['demo@example.com', 'maria.lopez@example.com']);
    const browser = await openLink(ctx, signingTokenIn(invitation as NonNullable<typeof invitation>));
    expect(browser.state).toBe('ready');
    background.close();
    await peer.close();
  });
});

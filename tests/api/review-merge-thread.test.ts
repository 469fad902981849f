import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorNode } from '../../src/shared/api/editor-document';
import { signInToDemo, startBuiltServer, stopAllServers } from '../support/built-server';
import { demoDataDir } from '../support/built-server-data';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';

/**
 * The built server decides on a suggestion in its content thread (from sources, tests run that
 * work on the calling thread): the finding's 3,000 paragraphs, every one changed by the reviewer
 * and one added by the team, accepted whole while another client keeps asking /api/health.
 * How long those answers take is `bench:abuse`'s to measure; asserted here is what does not
 * depend on the machine's load: the decision is right, and every health request is answered.
 */
let server: Awaited<ReturnType<typeof startBuiltServer>>;
let peer: SmtpPeer;
let cookie: string;

beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await startBuiltServer({
    DATA_DIR: await demoDataDir('pactum-review-merge-'),
    DEMO: 'true',
    SMTP_URL: peer.url,
  });
  cookie = await signInToDemo(server.base);
}, 180_000); // the built server's start, with the demo seeded: up to 150 s on a busy machine
afterAll(async () => {
  stopAllServers();
  await peer?.close();
});

async function send(method: string, path: string, body?: unknown, as = cookie) {
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers: { cookie: as, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, text.slice(0, 500)).toBeLessThan(300);
  return { json: text ? JSON.parse(text) : undefined, headers: response.headers };
}

const clauses = (ending: string): EditorNode[] =>
  Array.from({ length: 3000 }, (_, i) => ({
    type: 'paragraph',
    content: [{ type: 'text', text: `Clause ${i + 1} stays as written${ending}` }],
  }));
const texts = (content: EditorNode[]) =>
  content.map((block) => (block.content ?? []).map((inline) => inline.text).join(''));

describe('accepting a suggestion on the built server', () => {
  it('merges 3,000 changed paragraphs in the content thread while /api/health is answered', async () => {
    const team = {
      type: 'paragraph',
      content: [{ type: 'text', text: 'The parties meet once a quarter.' }],
    };
    const { id } = (
      await send('POST', '/api/contracts', { title: 'Long', content: { type: 'doc', content: clauses('.') } })
    ).json;
    const email = 'long-review@example.com';
    await send('POST', `/api/contracts/${id}/review`, { reviewers: [{ name: 'Rita Reviewer', email }] });
    // The invitation is sent by the server's job runner: wait for it to arrive.
    await expect.poll(() => peer.to(email).length, { timeout: 60_000 }).toBe(1);
    const token = /\/review\/([A-Za-z0-9_-]{43})/.exec(peer.to(email)[0]?.text ?? '')?.[1];
    const opened = await send('POST', '/api/review/open', { token }, '');
    const reviewer = opened.headers.get('set-cookie')?.split(';')[0] ?? '';
    const { reviewerId } = opened.json;
    const read = await send('GET', `/api/review/${reviewerId}`, undefined, reviewer);
    const suggestion = await send(
      'POST',
      `/api/review/${reviewerId}/suggestions`,
      { baseVersion: read.json.version.number, content: { type: 'doc', content: clauses('!') } },
      reviewer,
    );
    await send('PATCH', `/api/contracts/${id}`, {
      content: { type: 'doc', content: [...clauses('.'), team] },
    });

    // Health asked back to back for as long as the decision is in flight.
    let deciding = true;
    const health: number[] = [];
    const probing = (async () => {
      while (deciding) {
        const response = await fetch(`${server.base}/api/health`);
        await response.arrayBuffer();
        health.push(response.status);
      }
    })();
    const decided = await send('POST', `/api/contracts/${id}/suggestions/${suggestion.json.id}/decide`, {
      accept: Array.from({ length: 3000 }, (_, i) => i + 1),
    }).finally(() => {
      deciding = false;
    });
    await probing;
    expect(texts(decided.json.content.content)).toEqual([
      ...texts(clauses('!')),
      'The parties meet once a quarter.',
    ]);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((status) => status === 200)).toBe(true);
  }, 120_000);
});

// For bench/seal.ts: the built server (mail going to an SMTP peer in the bench process) and a
// contract taken through the HTTP API from creation to its last signature, then to its seal.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { signatureDataUrl } from '../src/server/demo/demo-signature';
import { sampleContract } from '../src/server/pdf/sample-document';
import type { ContractSigning } from '../src/shared/api/signing';
import { consentDisclosure } from '../src/shared/consent';
import { type SmtpPeer, signingTokenIn } from '../tests/support/smtp-peer';

const root = join(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `node dist/server/main.js`, resolved once it prints its banner. */
export async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    let ready = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (ready) process.stderr.write(chunk); // the server's warnings and errors (LOG_LEVEL=warn)
      output += chunk.toString();
      ready ||= output.includes('Pactum is running');
      if (ready) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
  return child;
}

export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** One API call; POSTs carry the server's own Origin, as a browser's would. Throws unless 2xx. */
export async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (method === 'POST') headers.origin = base;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/**
 * A sender's session: signs up, then confirms the address with the link mailed to it, in the same
 * client (its sign-up cookie spares the password), as a person does.
 */
export async function signUp(base: string, peer: SmtpPeer): Promise<string> {
  const email = 'sender@example.com';
  const response = await call(base, 'POST', '/api/auth/sign-up', {
    body: { name: 'Sam Sender', email, password: 'bench-password-123', organizationName: 'Bench Co' },
  });
  const mail = await waitFor('the sign-up confirmation', () =>
    peer.to(email).find((candidate) => /finish creating/.test(candidate.subject ?? '')),
  );
  const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
  const confirmed = await call(base, 'POST', '/api/auth/sign-up/confirm', {
    body: { token },
    cookie: cookieOf(response),
  });
  return cookieOf(confirmed);
}

/** Polls every `everyMs` until `check` gives a value. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 120_000,
  everyMs = 20,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const parties = [
  { name: 'Alice Martin', local: 'alice' },
  { name: 'Bob Keller', local: 'bob' },
];

/**
 * Creates a `pages`-page contract for two signers, sends it, and signs it as the first signer.
 * `signLast` signs as the second and returns the moment its response arrived.
 */
export async function contractAwaitingLastSignature(
  base: string,
  peer: SmtpPeer,
  senderCookie: string,
  pages: number,
  tag: string,
): Promise<{ contractId: string; signLast: () => Promise<number> }> {
  const signers = parties.map((party) => ({ name: party.name, email: `${party.local}.${tag}@example.com` }));
  const created = await call(base, 'POST', '/api/contracts', {
    cookie: senderCookie,
    body: { title: `${pages}-page services agreement (${tag})`, content: sampleContract(pages), signers },
  });
  const { id } = (await created.json()) as { id: string };
  await call(base, 'POST', `/api/contracts/${id}/send`, {
    cookie: senderCookie,
    body: { sequential: false },
  });
  const sessions: { signer: (typeof signers)[number]; signerId: string; cookie: string }[] = [];
  for (const signer of signers) {
    const mail = await waitFor(`the invitation to ${signer.email}`, () => peer.to(signer.email)[0], 60_000);
    const opened = await call(base, 'POST', '/api/signing/sessions', {
      body: { token: signingTokenIn(mail) },
    });
    const { signerId } = (await opened.json()) as { signerId: string };
    sessions.push({ signer, signerId, cookie: cookieOf(opened) });
  }
  const image = signatureDataUrl();
  const sign = (session: (typeof sessions)[number]) =>
    call(base, 'POST', `/api/signing/${session.signerId}/sign`, {
      cookie: session.cookie,
      body: {
        consentVersion: consentDisclosure.version,
        fields: { fullName: session.signer.name },
        signature: { kind: 'drawn', image },
      },
    });
  const [first, last] = sessions;
  if (!first || !last) throw new Error('expected two signing sessions');
  await sign(first);
  return {
    contractId: id,
    signLast: async () => {
      await sign(last);
      return performance.now();
    },
  };
}

/**
 * Polls the contract's signing state every 20 ms until its sealed PDF is stored; `serverMs` is
 * the time from the last signature to the stored seal by the server's timestamps, without the
 * poll's interval and the answer's way back.
 */
export function waitForSeal(base: string, senderCookie: string, contractId: string) {
  return waitFor(`the seal of ${contractId}`, async () => {
    const response = await call(base, 'GET', `/api/contracts/${contractId}/signing`, {
      cookie: senderCookie,
    });
    const signing = (await response.json()) as ContractSigning;
    if (signing.sealError) throw new Error(`sealing failed: ${signing.sealError}`);
    if (!signing.sealedAt) return undefined;
    return {
      at: performance.now(),
      pages: signing.documents.final?.pages ?? 0,
      // The server's own clock: the last signature completed the contract, the seal set sealedAt.
      serverMs: Date.parse(signing.sealedAt) - Date.parse(signing.completedAt ?? signing.sealedAt),
    };
  });
}

export type Load = { requestsPerSecond: number; p50: number; p99: number; max: number; errors: number };

/** Loads `url` with autocannon until `until` settles. */
export async function loadDuring(
  url: string,
  cookie: string,
  connections: number,
  until: Promise<unknown>,
): Promise<Load> {
  // autocannon's instance is a thenable with stop(); its typings only say Promise.
  const instance = autocannon({
    url,
    connections,
    duration: 600,
    headers: { cookie },
  }) as unknown as PromiseLike<autocannon.Result> & { stop(): void };
  await until.finally(() => instance.stop());
  const result = await instance;
  return {
    requestsPerSecond: Math.round(result.requests.total / (result.duration || 1)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx,
  };
}

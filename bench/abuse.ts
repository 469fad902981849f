// npm run bench:abuse — how much slower /api/health answers another client while someone sends
// the heaviest input each limit lets through. The built server (worker threads and all) runs on a
// fresh embedded database with the demo workspace; one client asks /api/health back to back
// while the attack runs, and the p50/p99 of its latencies are compared with an idle server's.
// Mail goes to a local SMTP peer (where the review phase reads its link), and webhooks may go to a
// receiver on 127.0.0.1.
// BENCH_PHASES=a,b runs only the phases whose names contain one of those substrings (the idle
// baseline always runs); BENCH_TARGETS=pglite,postgres picks the databases; BENCH_PHASE_MS the
// length of a phase; BENCH_DATABASE_NAME the PostgreSQL database made afresh for the run (so two
// runs at once each drop only their own); BENCH_CPU_PROFILE a directory where the server writes
// a CPU profile of its main thread (bench/cpu-profile.cjs; read it with bench/profile-summary.ts).
// The rows of the security review of 2026-12-01 (H1, H2, H4, H5, M3: bench/pdf-attacks.ts and
// bench/slow-uploads.ts) are one organization attacking the uploaded-PDF surface while the demo
// organization uploads an ordinary PDF and sends an ordinary contract: a second table gives the
// attack's own answers and the victim's latencies, beside a row of the victim alone.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anchorAt } from '../src/editor/comments/anchor';
import { documentPlainText } from '../src/editor/comments/plain-text';
import { demoCredentials } from '../src/server/demo/seed-demo';
import { maxKeyDerivationRounds } from '../src/server/pdf/pkcs12-certificate';
import { sampleContract } from '../src/server/pdf/sample-document';
import { docxMediaType } from '../src/shared/docx-file';
import { nestedTables } from '../tests/fixtures/docx/hostile-files';
import { startBuiltServer, stopAllServers } from '../tests/support/built-server';
import { percentile } from '../tests/support/probe';
import { startSmtpPeer } from '../tests/support/smtp-peer';
import { freshPostgresDatabase } from './bench-database';
import { startHealthProbe } from './health-probe-client';
import {
  type BenchClient,
  costlyPatternRound,
  deepImagesRound,
  hiddenBombRound,
  ordinaryPdfName,
  paddedInitialsRound,
  startVictim,
  Tally,
  textTagRound,
  type VictimFigures,
} from './pdf-attacks';
import { holdUploadPlaces } from './slow-uploads';

const phaseMs = Number(process.env.BENCH_PHASE_MS ?? 6_000);
const phaseFilter = process.env.BENCH_PHASES?.split(',').filter(Boolean) ?? [];
/** Whether a phase runs: every one, unless BENCH_PHASES names some. */
const phaseWanted = (phase: string) =>
  phase === 'idle' || phaseFilter.length === 0 || phaseFilter.some((part) => phase.includes(part));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchDatabase = process.env.BENCH_DATABASE_NAME ?? 'pactum_bench_abuse';
if (!/^[a-z_][a-z0-9_]*$/.test(benchDatabase))
  throw new Error('BENCH_DATABASE_NAME: lower case, digits and _');
const scratch = mkdtempSync(join(tmpdir(), 'pactum-bench-abuse-'));

execFileSync(
  'openssl',
  ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(scratch, 'k.pem')].concat([
    '-out',
    join(scratch, 'c.pem'),
    '-days',
    '30',
    '-subj',
    '/CN=Bench at the round limit',
  ]),
  { stdio: 'ignore' },
);
execFileSync(
  'openssl',
  ['pkcs12', '-export', '-inkey', join(scratch, 'k.pem'), '-in', join(scratch, 'c.pem')].concat([
    '-out',
    join(scratch, 'cap.p12'),
    '-passout',
    'pass:bench',
    '-iter',
    String(maxKeyDerivationRounds),
  ]),
);
const p12AtCap = readFileSync(join(scratch, 'cap.p12')).toString('base64');
const largestPdf = Buffer.alloc(25 * 1024 * 1024 - 1024, 0x41);
largestPdf.write('%PDF-1.7\n');
const largestDocument = sampleContract(300);
// 400 tables nested in each other behind a comment of end tags: once stored, and its send broke
// the PDF thread for everyone. Each import is now refused (413), so nothing is ever sent.
const deepDocx = nestedTables(400, { endTagsInComment: 1_250 });
/** The draft of the suggestion phase: 3,000 paragraphs, and the reviewer's version of each. */
const clauses = (ending: string) =>
  Array.from({ length: 3000 }, (_, i) => ({
    type: 'paragraph',
    content: [{ type: 'text', text: `Clause ${i + 1} stays as written${ending}` }],
  }));
const reviewedDraft = { type: 'doc', content: clauses('.') };
const suggestedDraft = { type: 'doc', content: clauses('!') };
const draftWithTeamClause = {
  type: 'doc',
  content: [
    ...clauses('.'),
    { type: 'paragraph', content: [{ type: 'text', text: 'The parties meet once a quarter.' }] },
  ],
};

/** How long each of the neighbour's webhook receivers takes to answer (the timeout is 10 s). */
const slowReceiverMs = 9_000;
/** Answers every webhook with 200 after slowReceiverMs, as a receiver at its limit would. */
const slowReceiver = createServer((request, response) => {
  request.resume();
  setTimeout(() => response.end('ok'), slowReceiverMs);
});
await new Promise<void>((resolve) => slowReceiver.listen(0, '127.0.0.1', resolve));
const slowReceiverUrl = `http://127.0.0.1:${(slowReceiver.address() as AddressInfo).port}`;
const smtpPeer = await startSmtpPeer();
const smallDocument = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Agreement' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'This agreement is made between the parties.' }] },
  ],
};

let addressCounter = 0;
/** Review rounds sent, on every server: each reviewer's address is new to the shared SMTP peer. */
let reviews = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

/** Repeats `attack` until the phase has lasted phaseMs (at least once). */
async function forAPhase(attack: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let rounds = 0;
  do {
    await attack();
    rounds += 1;
  } while (performance.now() - started < phaseMs);
  return rounds;
}

type Row = {
  phase: string;
  rounds: number;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /** The PDF rows: what the attack was answered, and the victim organization's figures. */
  beside?: { answers: Tally; victim: VictimFigures };
  /**
   * The time the probe spent in answers slower than slowHealthMs, and in all answers. A stall is a
   * single sample of a back-to-back probe, so one of 10 s among thousands of fast answers leaves
   * the p99 low: this share, and the max, show it.
   */
  slowMs: number;
  probedMs: number;
};
const slowHealthMs = 500;
/**
 * How long an attack runs before the victim's first round: as in the review's reproductions, the
 * tag job has begun and the slow uploads hold their places (admitting 33 took over a second on a
 * busy machine).
 */
const victimHeadStartMs = 1_500;

/** The PDF rows, in the order they run: H1 last, as its tag jobs hold the upload thread long after. */
const pdfPhases = {
  alone: "PDF rows' baseline: the victim's ordinary upload and send alone",
  h2: 'H2: another organization uploads PDFs whose 100 MB cross-reference stream hides its filter, and sends one',
  h4: 'H4: another organization puts 3 text fields of an 18,000-state RE2 pattern with 4,000-character values',
  h5images:
    'H5: another organization’s signer signs 10 image fields with 3000×3000 16-bit PNGs, leaving a required field empty',
  h5initials: 'H5: another organization’s signer signs 200 initials fields with a 394 KB initials image',
  m3: 'M3: 11 other organizations hold 33 uploads open, sending a byte a second',
  h1: 'H1: another organization uploads 1 KB PDFs of 20,000 text tags',
};

/** Every phase against one built server on the given database. */
async function benchServer(label: string, env: Record<string, string>): Promise<void> {
  const server = await startBuiltServer({
    DATA_DIR: mkdtempSync(join(scratch, 'data-')),
    DEMO: 'true',
    // One trusted proxy hop: each attack request comes "from" an address of its own, so the
    // per-address limits do not cut the attack short and every request does its full work.
    TRUST_PROXY: '1',
    // The neighbour's receivers are on 127.0.0.1; a confirmation link is read at the SMTP peer.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    SMTP_URL: smtpPeer.url,
    ...(process.env.BENCH_CPU_PROFILE
      ? {
          BENCH_CPU_PROFILE: process.env.BENCH_CPU_PROFILE,
          NODE_OPTIONS: `--require ${JSON.stringify(new URL('./cpu-profile.cjs', import.meta.url).pathname)}`,
        }
      : {}),
    ...env,
  });
  const signIn = await fetch(`${server.base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoCredentials),
  });
  if (signIn.status !== 200) throw new Error(`demo sign-in answered ${signIn.status}`);
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';

  const json = (method: string, path: string, body?: unknown) => jsonAs(cookie, method, path, body);
  async function jsonAs(as: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${server.base}${path}`, {
      method,
      headers: { cookie: as, 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  }
  const verifyLargest = async () => {
    const response = await fetch(`${server.base}/api/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', 'x-forwarded-for': freshAddress() },
      body: largestPdf,
    });
    if (response.status !== 200) throw new Error(`/verify answered ${response.status}`);
  };
  const uploadAtCap = () =>
    json('PUT', '/api/settings/sealing-certificate', { p12: p12AtCap, password: 'bench' });
  const createAndSendLargest = async () => {
    const { id } = await json('POST', '/api/contracts', {
      title: 'Largest accepted',
      content: largestDocument,
      signers: [{ name: 'Bench Signer', email: 'bench-signer@example.com' }],
    });
    await json('POST', `/api/contracts/${id}/send`, { sequential: false });
  };
  const importAndSendDeep = async () => {
    const response = await fetch(`${server.base}/api/contracts/import-docx?fileName=tables400.docx`, {
      method: 'POST',
      headers: { cookie, 'content-type': docxMediaType, 'x-forwarded-for': freshAddress() },
      body: new Uint8Array(deepDocx),
    });
    const text = await response.text();
    if (response.status === 413) return;
    if (response.status !== 201) throw new Error(`the deep import answered ${response.status}: ${text}`);
    const { contract } = JSON.parse(text);
    await json('PATCH', `/api/contracts/${contract.id}`, {
      signers: [{ name: 'Bench Signer', email: 'bench-signer@example.com' }],
    });
    await fetch(`${server.base}/api/contracts/${contract.id}/send`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
      body: JSON.stringify({ sequential: false }),
    }).then((sent) => sent.arrayBuffer());
  };
  /**
   * A draft of 3,000 paragraphs sent for review; the reviewer suggests every paragraph changed;
   * the team adds one. Returns the owner accepting all of it (a merge into the changed draft).
   */
  let reviewingAs = cookie;
  const suggestionToAccept = async () => {
    // An organization may send 30 review rounds an hour: a fresh one takes over every 25.
    if (reviews > 0 && reviews % 25 === 0) reviewingAs = await signUpNeighbour();
    const json = (method: string, path: string, body?: unknown) => jsonAs(reviewingAs, method, path, body);
    const { id } = await json('POST', '/api/contracts', { title: 'Reviewed', content: reviewedDraft });
    reviews += 1;
    const email = `bench-reviewer-${reviews}@example.com`;
    await json('POST', `/api/contracts/${id}/review`, { reviewers: [{ name: 'Bench Reviewer', email }] });
    while (smtpPeer.to(email).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const token = /\/review\/([A-Za-z0-9_-]{43})/.exec(smtpPeer.to(email)[0]?.text ?? '')?.[1];
    const opened = await fetch(`${server.base}/api/review/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
      body: JSON.stringify({ token }),
    });
    const { reviewerId } = await opened.json();
    const reviewer = opened.headers.get('set-cookie')?.split(';')[0] ?? '';
    const read = await jsonAs(reviewer, 'GET', `/api/review/${reviewerId}`);
    const suggestion = await jsonAs(reviewer, 'POST', `/api/review/${reviewerId}/suggestions`, {
      baseVersion: read.version.number,
      content: suggestedDraft,
    });
    await json('PATCH', `/api/contracts/${id}`, { content: draftWithTeamClause });
    const accept = Array.from({ length: 3000 }, (_, i) => i + 1);
    return async () => {
      const decided = await json('POST', `/api/contracts/${id}/suggestions/${suggestion.id}/decide`, {
        accept,
      });
      if (decided.content.content.length !== 3001) throw new Error('The suggestion was not merged');
    };
  };
  const wrongSignIns = () =>
    Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${server.base}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
          body: JSON.stringify({ email: demoCredentials.email, password: 'wrong password guess' }),
        }).then((response) => response.arrayBuffer()),
      ),
    );

  /** A second organization, signed up and confirmed as a person would, through the e-mailed link. */
  async function signUpNeighbour(): Promise<string> {
    const email = `bench-neighbour-${addressCounter}@example.com`;
    const password = 'correct horse battery staple';
    await json('POST', '/api/auth/sign-up', {
      name: 'Nell Neighbour',
      email,
      password,
      organizationName: 'Slow Receivers Ltd',
    });
    while (smtpPeer.to(email).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(smtpPeer.to(email)[0]?.text ?? '')?.[1];
    const confirmed = await fetch(`${server.base}/api/auth/sign-up/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
      body: JSON.stringify({ token, password }),
    });
    if (confirmed.status !== 200) throw new Error(`sign-up confirmation answered ${confirmed.status}`);
    return confirmed.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
  }
  /**
   * The neighbour has `endpoints` webhook endpoints for every event on receivers that take 9 s,
   * and a draft with a comment thread: each reply is an event, so each reply queues a delivery
   * to each endpoint.
   */
  async function slowNeighbour(endpoints: number) {
    const neighbour = await signUpNeighbour();
    for (let n = 0; n < endpoints; n += 1) {
      await jsonAs(neighbour, 'POST', '/api/webhooks', { url: `${slowReceiverUrl}/hook/${n}` });
    }
    const draft = await jsonAs(neighbour, 'POST', '/api/contracts', {
      title: 'Commented on',
      content: smallDocument,
      signers: [{ name: 'Nobody Yet', email: 'nobody-yet@example.com' }],
    });
    const { text } = documentPlainText(smallDocument as Parameters<typeof documentPlainText>[0]);
    const thread = await jsonAs(neighbour, 'POST', `/api/contracts/${draft.id}/comments`, {
      visibility: 'internal',
      anchor: anchorAt(text, 0, 'Agreement'.length),
      body: 'Opening the thread',
    });
    return {
      reply: (body: string) =>
        jsonAs(neighbour, 'POST', `/api/contracts/${draft.id}/comments/${thread.id}/replies`, { body }),
    };
  }
  /** queued → delivered of each invitation the demo organization sent beside the neighbour. */
  const invitationDelays: number[] = [];
  let invitationRound = 0;
  /**
   * The neighbour posts 5 comments (100 slow deliveries with 20 endpoints); then the demo
   * organization sends a contract. Rounds follow each other at once.
   */
  const sendBesideSlowReceivers = async (
    neighbour: Awaited<ReturnType<typeof slowNeighbour>>,
    delays: number[] = [],
  ) => {
    for (let n = 0; n < 5; n += 1) await neighbour.reply(`Comment ${n}`);
    invitationRound += 1;
    const email = `vic-prompt-${invitationRound}@example.com`;
    const { id } = await json('POST', '/api/contracts', {
      title: 'Sent beside slow receivers',
      content: smallDocument,
      signers: [{ name: 'Vic Prompt', email }],
    });
    await json('POST', `/api/contracts/${id}/send`, { sequential: false });
    // Delivery is watched at the SMTP peer, which costs the server nothing (polling the outbox
    // ten times a second read a hundred mail bodies each time, and was most of this phase's load);
    // then the outbox row is read once for its own timestamps: queued (created) and handed to
    // the peer (sent).
    const givenUpAt = performance.now() + 10 * 60_000;
    while (smtpPeer.to(email).length === 0) {
      if (performance.now() > givenUpAt)
        throw new Error('the invitation sent beside slow receivers was not delivered within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const outbox = (await json('GET', '/api/mail/outbox')) as {
      items: { contractId: string | null; kind: string; createdAt: string; sentAt: string | null }[];
    };
    const row = outbox.items.find((item) => item.contractId === id && item.kind === 'invitation');
    if (!row?.sentAt) throw new Error('the invitation the SMTP peer received has no sent time in the outbox');
    delays.push(Date.parse(row.sentAt) - Date.parse(row.createdAt));
  };

  // The other user: a process of its own, so the attacking client's work never delays it.
  const probe = startHealthProbe(server.base);
  async function probeWhile(attack: () => Promise<number>): Promise<{ rounds: number; latencies: number[] }> {
    const { result: rounds, latencies } = await probe.during(attack);
    return { rounds, latencies };
  }

  const rows: Row[] = [];
  async function measure(phase: string, attack: () => Promise<number>) {
    if (!phaseWanted(phase)) return;
    const { rounds, latencies } = await probeWhile(attack);
    record(phase, rounds, latencies);
  }
  /** Like measure, but each round is set up first, with the probe paused. */
  async function measureSetUp(phase: string, setUp: () => Promise<() => Promise<unknown>>) {
    if (!phaseWanted(phase)) return;
    let rounds = 0;
    let measuredMs = 0;
    const latencies: number[] = [];
    do {
      const attack = await setUp();
      const started = performance.now();
      latencies.push(...(await probeWhile(() => attack().then(() => 1))).latencies);
      measuredMs += performance.now() - started;
      rounds += 1;
    } while (measuredMs < phaseMs);
    record(phase, rounds, latencies);
  }
  function record(phase: string, rounds: number, latencies: number[], beside?: Row['beside']) {
    rows.push({
      phase,
      rounds,
      samples: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      slowMs: latencies
        .filter((latency) => latency > slowHealthMs)
        .reduce((sum, latency) => sum + latency, 0),
      probedMs: latencies.reduce((sum, latency) => sum + latency, 0),
      ...(beside ? { beside } : {}),
    });
  }

  /**
   * A PDF row's set-up (steps any server allows: signing up, an ordinary upload, placing fields),
   * or, should a server refuse one, null and a line saying so, so the other rows still run.
   */
  async function setUpOrSay<T>(phase: string, setUp: () => Promise<T>): Promise<T | null> {
    try {
      return await setUp();
    } catch (error) {
      console.log(`${phase}: not measured, its set-up failed: ${(error as Error).message}`);
      return null;
    }
  }
  // The PDF rows: the attacker is another organization, the victim is the demo organization.
  const victim: BenchClient = { base: server.base, cookie, freshAddress };
  const attackerOf = async (): Promise<BenchClient> => ({
    base: server.base,
    cookie: await signUpNeighbour(),
    freshAddress,
  });
  /**
   * Sets the attack up (probe paused), then runs it while the victim uploads and sends, all of it
   * measured; the attack tallies its answers and returns its rounds. The victim starts
   * victimHeadStartMs into the attack, and its last round ends before the phase does.
   */
  async function measureBeside(phase: string, setUp: () => Promise<(answers: Tally) => Promise<number>>) {
    const baselineWanted = phase === pdfPhases.alone && Object.values(pdfPhases).some(phaseWanted);
    if (!phaseWanted(phase) && !baselineWanted) return;
    const attack = await setUpOrSay(phase, setUp);
    if (!attack) return;
    const answers = new Tally();
    let figures: VictimFigures | undefined;
    const { rounds, latencies } = await probeWhile(async () => {
      const victimRounds = startVictim(victim, victimHeadStartMs);
      try {
        return await attack(answers);
      } finally {
        figures = await victimRounds.stop();
      }
    });
    if (figures) record(phase, rounds, latencies, { answers, victim: figures });
  }
  /** Like measureBeside for an attack set up afresh before each round (probe paused meanwhile). */
  async function measureBesideSetUp(
    phase: string,
    setUp: () => Promise<() => Promise<unknown>>,
    answers: Tally,
  ) {
    if (!phaseWanted(phase)) return;
    let rounds = 0;
    let measuredMs = 0;
    const latencies: number[] = [];
    const figures: VictimFigures = { uploads: [], sends: [], answers: new Tally() };
    do {
      const attack = await setUpOrSay(phase, setUp);
      if (!attack) return;
      const started = performance.now();
      const measured = await probeWhile(async () => {
        const victimRounds = startVictim(victim, victimHeadStartMs);
        try {
          await attack();
          return 1;
        } finally {
          const some = await victimRounds.stop();
          figures.uploads.push(...some.uploads);
          figures.sends.push(...some.sends);
          figures.answers.merge(some.answers);
        }
      });
      latencies.push(...measured.latencies);
      measuredMs += performance.now() - started;
      rounds += 1;
    } while (measuredMs < phaseMs);
    record(phase, rounds, latencies, { answers, victim: figures });
  }

  try {
    // Warm both sides up (JIT, the worker threads, the database's caches) before the idle baseline.
    await forAPhase(() => fetch(`${server.base}/api/health`).then((response) => response.arrayBuffer()));
    await measure('idle', () => forAPhase(() => new Promise((resolve) => setTimeout(resolve, 50))));
    await measure('25 MB PDF to /verify', () => forAPhase(verifyLargest));
    await measure(`PKCS#12 at ${maxKeyDerivationRounds.toLocaleString('en')} rounds`, () =>
      forAPhase(uploadAtCap),
    );
    await measure('largest document (300 pages) created and sent', () =>
      createAndSendLargest().then(() => 1),
    );
    await measure('deep .docx (400 levels) imported and sent', () => forAPhase(importAndSendDeep));
    await measure('50 wrong sign-ins at once', () => forAPhase(wrongSignIns));
    await measureSetUp('3,000-paragraph suggestion accepted', suggestionToAccept);
    const slowPhase = `20 slow webhook receivers (${slowReceiverMs / 1000} s) of one organization while another sends a contract`;
    if (phaseWanted(slowPhase)) {
      const neighbour = await slowNeighbour(20);
      await measure(slowPhase, () => forAPhase(() => sendBesideSlowReceivers(neighbour, invitationDelays)));
    }
    // The same rounds with no endpoint at all: what the replies and sends cost by themselves, so
    // the part the slow receivers add is the difference between the two rows.
    const controlPhase = 'the same comments and sends with no webhook endpoints (control for slow receivers)';
    if (phaseWanted(controlPhase)) {
      const neighbour = await slowNeighbour(0);
      await measure(controlPhase, () => forAPhase(() => sendBesideSlowReceivers(neighbour)));
    }
    // The victim alone runs whenever a PDF row does, after a round unmeasured (the first send and
    // upload warm the PDF and upload threads).
    if (Object.values(pdfPhases).some(phaseWanted)) await startVictim(victim).stop();
    await measureBeside(
      pdfPhases.alone,
      async () => (_answers) => forAPhase(() => new Promise((resolve) => setTimeout(resolve, 50))),
    );
    const inRounds = (round: (answers: Tally) => Promise<unknown>) => (answers: Tally) =>
      forAPhase(() => round(answers));
    await measureBeside(pdfPhases.h2, async () => inRounds(hiddenBombRound(await attackerOf())));
    await measureBeside(pdfPhases.h4, async () => inRounds(await costlyPatternRound(await attackerOf())));
    await measureBeside(pdfPhases.h5images, async () =>
      inRounds(await deepImagesRound(await attackerOf(), smtpPeer)),
    );
    if (phaseWanted(pdfPhases.h5initials)) {
      const answers = new Tally();
      const attacker = await attackerOf();
      await measureBesideSetUp(
        pdfPhases.h5initials,
        paddedInitialsRound(attacker, smtpPeer, answers),
        answers,
      );
    }
    if (phaseWanted(pdfPhases.m3)) {
      // Each person may hold 3 uploads and each organization 6: 11 organizations of one member
      // each ask for 33 places, one more than the 32 of the process.
      const holders: string[] = [];
      for (let n = 0; n < 11; n += 1) holders.push(await signUpNeighbour());
      await measureBeside(
        pdfPhases.m3,
        async () => (answers) =>
          holdUploadPlaces({ base: server.base, holders, perHolder: 3, phaseMs, freshAddress, answers }),
      );
    }
    await measureBeside(pdfPhases.h1, async () => inRounds(textTagRound(await attackerOf())));
  } finally {
    probe.close();
    await server.stop();
  }

  const idle = rows[0] as Row;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `\n${label}: /api/health latency while each attack runs (built server, ${phaseMs / 1000} s phases)\n`,
  );
  console.log('| phase | attack rounds | health requests | p50 | p99 | max | p99 / idle p99 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.phase} | ${row.rounds} | ${row.samples} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} | ${(row.p99 / idle.p99).toFixed(2)}× |`,
    );
  }
  const beside = rows.filter((row) => row.beside);
  if (beside.length > 0) {
    const spread = (values: number[]) =>
      values.length === 0 ? '—' : `${ms(percentile(values, 50))} / ${ms(Math.max(...values))}`;
    console.log(
      `\n${label}: the attacks on the uploaded-PDF surface (security review of 2026-12-01): what each was answered, and the victim organization's ordinary upload (${ordinaryPdfName}) and send meanwhile\n`,
    );
    console.log(
      `| phase | attack answers | /api/health answers over ${slowHealthMs} ms (their time, share of the phase) | victim upload p50 / max | victim send p50 / max | victim answers |`,
    );
    console.log('|---|---|---|---|---|---|');
    for (const row of beside) {
      const { answers, victim } = row.beside as NonNullable<Row['beside']>;
      console.log(
        `| ${row.phase} | ${answers} | ${ms(row.slowMs)}, ${((100 * row.slowMs) / Math.max(row.probedMs, 1)).toFixed(0)} % | ${spread(victim.uploads)} | ${spread(victim.sends)} | ${victim.answers} |`,
      );
    }
    // By the row's finding (the phase's name up to its colon), attack's then victim's.
    const refusals = new Set<string>();
    for (const row of beside) {
      const { answers, victim } = row.beside as NonNullable<Row['beside']>;
      const finding = row.phase.split(':')[0];
      for (const [key, message] of answers.refusals) refusals.add(`${finding}, attack ${key}: ${message}`);
      for (const [key, message] of victim.answers.refusals)
        refusals.add(`${finding}, victim ${key}: ${message}`);
    }
    if (refusals.size > 0) console.log('\nWhat each refusal said (the first of its kind in each row):');
    for (const line of refusals) console.log(`- ${line}`);
  }
  if (invitationDelays.length > 0) {
    console.log(
      `\nThe other organization's invitation beside the slow receivers, queued → delivered (goal < 5 s): ${invitationDelays.map(ms).join(', ')}; worst ${ms(Math.max(...invitationDelays))}`,
    );
  }
}

const postgresDatabase = () => freshPostgresDatabase(postgresUrl, benchDatabase);

const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
try {
  if (targets.includes('pglite')) await benchServer('PGlite (embedded)', {});
  if (targets.includes('postgres')) {
    const databaseUrl = await postgresDatabase();
    if (databaseUrl) await benchServer('PostgreSQL', { DATABASE_URL: databaseUrl });
    else console.log(`\n(PostgreSQL skipped: ${postgresUrl} is not reachable; set BENCH_DATABASE_URL)`);
  }
} finally {
  stopAllServers();
  slowReceiver.closeAllConnections();
  slowReceiver.close();
  await smtpPeer.close();
  rmSync(scratch, { recursive: true, force: true });
}

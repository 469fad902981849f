// npm run bench:seal — for contracts of 1, 10 and 100 pages: rendering the frozen PDF (at send),
// finalizing it (signature pages, certificate of completion, PAdES seal) in the PDF thread the
// server runs, with where that time goes (its steps timed in this process),
// then end to end through the built server (last signature → sealed PDF stored), and the latency of
// other requests while a 100-page contract is being sealed. Prints figures; asserts nothing.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FinalInput, finalizeContract } from '../src/server/pdf/finalize-contract';
import { threadedPdfEngine } from '../src/server/pdf/pdf-engine';
import { generateInstanceCertificate } from '../src/server/pdf/pkcs12-certificate';
import type { RenderedPdf } from '../src/server/pdf/rendered-pdf';
import { sampleContract } from '../src/server/pdf/sample-document';
import { signaturePng } from '../src/server/pdf/sample-signature';
import { type SmtpPeer, startSmtpPeer } from '../tests/support/smtp-peer';
import {
  call,
  contractAwaitingLastSignature,
  freePort,
  loadDuring,
  signUp,
  startServer,
  stopServer,
  waitFor,
  waitForSeal,
} from './seal-server';

const sizes = [1, 10, 100];
const runsFor = (pages: number) =>
  pages >= 100 ? Number(process.env.BENCH_RUNS_LARGE ?? 3) : Number(process.env.BENCH_RUNS ?? 11);
const e2eRuns = Number(process.env.BENCH_E2E_RUNS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Targets: a 10-page contract rendered and sealed, and 100 pages rendered and sealed. */
const targetMs = 40;
const hundredPagesTargetMs = 300;
/** Through the server: the last signature's answer to the sealed PDF stored, median. */
const e2eTargetMs = 200;

type Stats = { median: number; p95: number; min: number; max: number };
function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => sorted[Math.min(sorted.length - 1, Math.max(0, index))] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  return { median, p95: at(Math.ceil(sorted.length * 0.95) - 1), min: at(0), max: at(sorted.length - 1) };
}
const ms = (value: number) => value.toFixed(0).padStart(7);
function row(label: string, values: number[], note = ''): Stats {
  const s = stats(values);
  const figures = [s.median, s.p95, s.min, s.max].map(ms).join(' ');
  console.log(`  ${label.padEnd(50)} ${String(values.length).padStart(4)} ${figures}  ${note}`);
  return s;
}
const pagesOf = (count: number) => `${count} page${count === 1 ? '' : 's'}`;
const header = (title: string) =>
  console.log(`\n${title}\n  ${'step'.padEnd(50)} runs  median     p95     min     max  (ms)`);
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

// ---- 1 and 2: the PDF tasks in this process -------------------------------------------------
const certificate = generateInstanceCertificate({ commonName: 'Pactum bench', organization: 'Bench Co' });
const sentAt = new Date('2026-11-02T09:00:00Z');
const reference = '0b9d5a4e-3f1c-4a57-9a8e-2f4c6b1d7e90';
const titleOf = (pages: number) => `${pages}-page services agreement`;
/**
 * Typst keeps what it laid out for the next compile. Each run's contract is its own: by default
 * every paragraph differs (a word of each), what a send of a contract never seen before costs;
 * `template` runs differ in their first paragraph only (the parties' names), as contracts made
 * from one template one after another do.
 */
type TextKind = 'fresh' | 'template';
let runNumber = 0;
type Node = { text?: string; content?: Node[] };
const salted = (node: Node, salt: string): Node => ({
  ...node,
  ...(node.text ? { text: `${node.text} ${salt}` } : {}),
  ...(node.content ? { content: node.content.map((child) => salted(child, salt)) } : {}),
});
const freezeInput = (pages: number, kind: TextKind = 'fresh') => {
  runNumber += 1;
  const content = sampleContract(pages) as Node;
  const [first, ...rest] = content.content ?? [];
  const salt = `r${runNumber}`;
  const text =
    kind === 'fresh' || !first
      ? salted(content, salt)
      : { ...content, content: [salted(first, salt), ...rest] };
  return {
    title: titleOf(pages),
    content: text as ReturnType<typeof sampleContract>,
    organizationName: 'Bench Co',
    reference,
    sentAt,
  };
};
const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
function finalInput(pages: number, frozen: RenderedPdf): FinalInput {
  const at = (minutes: number) => new Date(sentAt.getTime() + minutes * 60_000);
  const people = [
    { name: 'Alice Martin', email: 'alice@example.com', ip: '203.0.113.10' },
    { name: 'Bob Keller', email: 'bob@example.com', ip: '198.51.100.7' },
  ];
  const event = (
    minutes: number,
    action: string,
    actor: string,
    details: string | null,
    ip: string | null,
  ) => ({
    timestamp: at(minutes),
    action,
    actor,
    details,
    ip,
    userAgent: ip ? userAgent : null,
  });
  return {
    title: titleOf(pages),
    reference,
    organizationName: 'Bench Co',
    sender: { name: 'Sam Sender', email: 'sender@example.com' },
    completedAt: at(95),
    // A copy each time: the PDF thread takes the bytes it is given (they move to it).
    frozen: frozen.bytes.slice(),
    frozenSha256: frozen.sha256,
    signers: people.map((person, index) => ({
      ...person,
      signedAt: at(60 + 35 * index),
      signatureImage: signaturePng(),
      userAgent,
      fields: [{ label: 'Full name', value: person.name }],
    })),
    events: [
      event(-120, 'created', 'Sam Sender', null, '192.0.2.1'),
      event(-90, 'updated', 'Sam Sender', 'Content changed', '192.0.2.1'),
      event(-60, 'updated', 'Sam Sender', 'Signers: Alice Martin, Bob Keller', '192.0.2.1'),
      event(-5, 'updated', 'Sam Sender', 'Title changed', '192.0.2.1'),
      event(0, 'sent', 'Sam Sender', `Frozen PDF SHA-256 ${frozen.sha256}`, '192.0.2.1'),
      event(50, 'viewed', 'Alice Martin', null, '203.0.113.10'),
      event(
        60,
        'signed',
        'Alice Martin',
        'Signed by Alice Martin (alice@example.com), drawn signature',
        '203.0.113.10',
      ),
      event(70, 'reminded', 'Sam Sender', 'Reminder sent to bob@example.com', '192.0.2.1'),
      event(80, 'viewed', 'Bob Keller', null, '198.51.100.7'),
      event(81, 'updated', 'Sam Sender', 'Expiry date changed', '192.0.2.1'),
      event(
        95,
        'signed',
        'Bob Keller',
        'Signed by Bob Keller (bob@example.com), drawn signature',
        '198.51.100.7',
      ),
      event(95, 'completed', 'Bob Keller', 'All 2 signers signed', '198.51.100.7'),
    ],
    certificate,
  };
}

/** finalizeContract's steps, each timed through its step callback. */
async function finalizeInSteps(input: FinalInput): Promise<Map<string, number>> {
  const steps = new Map<string, number>();
  let last = performance.now();
  await finalizeContract(input, (step) => {
    const now = performance.now();
    steps.set(step, now - last);
    last = now;
  });
  return steps;
}

// On a shared machine the figures follow the load: each part says what the load was.
const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min) on ${availableParallelism()} cores`;
console.log(`Starting with a ${load()}`);

// The built server's PDF thread, with its heap settings: what a send and a completion wait for.
const engine = threadedPdfEngine(new URL('../dist/server/pdf-worker.js', import.meta.url), 600_000);
// The thread does not hold the process open (a server's socket does): this does, until it is done.
const keepAlive = setInterval(() => {}, 60_000);
const { freezeContract } = engine;
// A fresh thread's first contract also loads the fonts and compiles the layout code: it is timed
// on its own, and the runs after it are what a thread that has been working answers.
{
  const [frozen, freezeMs] = await timed(() => freezeContract(freezeInput(10)));
  const [, finalizeMs] = await timed(() => engine.finalizeContract(finalInput(10, frozen)));
  console.log(
    `First 10-page contract in a fresh PDF thread: frozen in ${freezeMs.toFixed(0)} ms, finalized in ${finalizeMs.toFixed(0)} ms`,
  );
  await freezeContract(freezeInput(1)).then((first) => engine.finalizeContract(finalInput(1, first)));
  await freezeContract(freezeInput(1)).then((first) => finalizeContract(finalInput(1, first))); // for the steps
}
const combined = new Map<number, { freeze: number; template: number; finalize: number }>();
for (const pages of sizes) {
  const runs = runsFor(pages);
  const freezes: RenderedPdf[] = [];
  const freezeTimes: number[] = [];
  const finalizeTimes: number[] = [];
  const stepTimes = new Map<string, number[]>();
  let finalPages = 0;
  for (let run = 0; run < runs; run += 1) {
    const input = freezeInput(pages);
    const [frozen, freezeMs] = await timed(() => freezeContract(input));
    freezes.push(frozen);
    freezeTimes.push(freezeMs);
  }
  const frozen = freezes[0] as RenderedPdf;
  const templateTimes: number[] = [];
  await freezeContract(freezeInput(pages, 'template'));
  for (let run = 0; run < runs; run += 1)
    templateTimes.push((await timed(() => freezeContract(freezeInput(pages, 'template'))))[1]);
  for (let run = 0; run < runs; run += 1) {
    const input = finalInput(pages, frozen);
    const [final, finalizeMs] = await timed(() => engine.finalizeContract(input));
    finalPages = final.pages;
    finalizeTimes.push(finalizeMs);
    for (const [step, value] of await finalizeInSteps(finalInput(pages, frozen)))
      stepTimes.set(step, [...(stepTimes.get(step) ?? []), value]);
  }
  header(
    `${pages}-page sample → frozen PDF of ${pagesOf(frozen.pages)} (${(frozen.bytes.length / 1024).toFixed(0)} KB)`,
  );
  const freeze = row('freezeContract (render the frozen PDF)', freezeTimes, pagesOf(frozen.pages));
  const template = row('  the same, made from one template (names differ)', templateTimes);
  const finalize = row('finalizeContract (pages + certificate + seal)', finalizeTimes, pagesOf(finalPages));
  for (const [step, values] of stepTimes) row(`  of which ${step} (in this process)`, values);
  combined.set(pages, { freeze: freeze.median, template: template.median, finalize: finalize.median });
}
const ten = combined.get(10);
if (ten) {
  const verdict = (value: number) => `${value.toFixed(0)} ms — ${value < targetMs ? 'met' : 'NOT met'}`;
  console.log(`\n10-page contract, target < ${targetMs} ms (medians), ${load()}:`);
  console.log(`  rendered and sealed (freeze + finalize): ${verdict(ten.freeze + ten.finalize)}`);
  console.log(`  the same, made from one template: ${verdict(ten.template + ten.finalize)}`);
  console.log(`  finalize alone (the work after the last signature): ${verdict(ten.finalize)}`);
}
const hundred = combined.get(100);
if (hundred) {
  const both = hundred.freeze + hundred.finalize;
  const met = both <= hundredPagesTargetMs ? 'met' : 'NOT met';
  console.log(
    `\n100-page contract rendered and sealed, target ≤ ${hundredPagesTargetMs} ms (medians): ${both.toFixed(0)} ms (render ${hundred.freeze.toFixed(0)}) — ${met}`,
  );
  const fromTemplate = hundred.template + hundred.finalize;
  console.log(
    `  the same, made from one template: ${fromTemplate.toFixed(0)} ms — ${fromTemplate <= hundredPagesTargetMs ? 'met' : 'NOT met'}`,
  );
}

await engine.close();
clearInterval(keepAlive);

// ---- 3 and 4: through the built server ------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'pactum-bench-seal-'));
let peer: SmtpPeer | undefined;
let server: ChildProcess | undefined;
try {
  peer = await startSmtpPeer();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATA_DIR: dataDir, DEMO: 'false', LOG_LEVEL: 'warn' };
  server = await startServer({ ...env, SMTP_URL: peer.url, APP_URL: base });
  const cookie = await signUp(base, peer);
  const sealOne = async (pages: number, tag: string) => {
    const contract = await contractAwaitingLastSignature(base, peer as SmtpPeer, cookie, pages, tag);
    const signedAt = await contract.signLast();
    return {
      contractId: contract.contractId,
      signedAt,
      sealed: waitForSeal(base, cookie, contract.contractId),
    };
  };
  await (await sealOne(1, 'warmup')).sealed;

  header(
    `End to end through the server: last signature → sealed PDF stored, by the server's own timestamps (completedAt → sealedAt), and as the client saw it (signature answered → sealedAt polled every 20 ms), from a ${load()}`,
  );
  let sealedTen: number | undefined;
  for (const pages of sizes) {
    const serverTimes: number[] = [];
    const seenTimes: number[] = [];
    let finalPages = 0;
    for (let run = 0; run < (pages >= 100 ? Math.ceil(e2eRuns / 2) : e2eRuns); run += 1) {
      const { signedAt, sealed } = await sealOne(pages, `e2e${pages}-${run}`);
      const done = await sealed;
      finalPages = done.pages;
      serverTimes.push(done.serverMs);
      seenTimes.push(done.at - signedAt);
    }
    const { median } = row(
      `${pages}-page contract, server timestamps`,
      serverTimes,
      `final PDF ${pagesOf(finalPages)}`,
    );
    row(`${pages}-page contract, as the client saw it`, seenTimes);
    if (pages === 10) sealedTen = median;
  }
  if (sealedTen !== undefined) {
    const met = sealedTen < e2eTargetMs ? 'met' : 'NOT met';
    console.log(
      `  10-page contract, last signature → sealed PDF stored (server timestamps), p50 target < ${e2eTargetMs} ms: ${sealedTen.toFixed(0)} ms — ${met}`,
    );
  }
  console.log(
    "  (the seal job wakes the server's runner when the last signature commits: no poll to wait for)",
  );

  const meUrl = `${base}/api/auth/me`;
  await call(base, 'GET', '/api/auth/me', { cookie });
  const { contractId, signedAt, sealed } = await sealOne(100, 'load');
  const busy = await loadDuring(meUrl, cookie, connections, sealed);
  const windowMs = (await sealed).at - signedAt;
  // The same 20 ms polling of the contract as above, with nothing to seal.
  const idleFrom = performance.now();
  const polling = waitFor('the end of the idle window', async () => {
    await call(base, 'GET', `/api/contracts/${contractId}/signing`, { cookie });
    return performance.now() - idleFrom > windowMs ? true : undefined;
  });
  const idle = await loadDuring(meUrl, cookie, connections, polling);
  console.log(
    `\nGET /api/auth/me with ${connections} connections, for the ${(windowMs / 1000).toFixed(1)} s a 100-page contract took to seal, and as long again with nothing sealing`,
  );
  const columns = ['req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors'].map((name) => name.padStart(8));
  console.log(`  ${'while'.padEnd(36)} ${columns.join(' ')}`);
  for (const [label, load] of [
    ['a 100-page contract is being sealed', busy],
    ['nothing is sealing', idle],
  ] as const) {
    const cells = [load.requestsPerSecond, load.p50, load.p99, load.max, load.errors];
    console.log(`  ${label.padEnd(36)} ${cells.map((cell) => String(cell).padStart(8)).join(' ')}`);
  }
  console.log('  (the first window includes the wait for the job runner to pick the seal up)');
} finally {
  if (server) await stopServer(server);
  await peer?.close();
  rmSync(dataDir, { recursive: true, force: true });
}

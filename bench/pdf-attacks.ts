// The attacks of the security review of 2026-12-01 on the uploaded-PDF surface, for
// bench/abuse.ts: each is one organization's round of requests, and the victim is another
// organization uploading an ordinary PDF and sending an ordinary contract meanwhile. A round ends
// at the server's answer, whatever it is (a refusal is the fixed server's answer, not a failure):
// every answer is tallied, so the table shows what the server did.
import { signatureDataUrl } from '../src/server/demo/demo-signature';
import { consentDisclosure } from '../src/shared/consent';
import { deepBlankPng, heavyInitialsPng, pngDataUrl } from '../tests/fixtures/hostile-values';
import { crossReferenceBomb } from '../tests/fixtures/pdf/hostile-pdfs';
import { pdfFixture } from '../tests/fixtures/pdf/pdf-fixtures';
import { tagFlood } from '../tests/fixtures/pdf/text-tag-pdfs';
import { signingTokenIn, type startSmtpPeer } from '../tests/support/smtp-peer';

/** A member of one organization: its session cookie; each request comes from a fresh address. */
export type BenchClient = { base: string; cookie: string; freshAddress: () => string };
type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
/** What the server answered (0: no answer, the connection failed) and how long it took. */
export type Answer = { status: number; text: string; ms: number };

/** How many times each answer came, by what was asked ("upload 413 ×3"). */
export class Tally {
  private readonly counts = new Map<string, number>();
  /** The message of the first refusal of each kind, as the server wrote it. */
  readonly refusals = new Map<string, string>();
  add(what: string, status: number | string, body = ''): void {
    const key = `${what} ${typeof status === 'string' ? status : status || 'no answer'}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (typeof status === 'number' && status >= 400 && body && !this.refusals.has(key))
      this.refusals.set(key, refusalMessage(body));
  }
  merge(other: Tally): void {
    for (const [key, count] of other.counts) this.counts.set(key, (this.counts.get(key) ?? 0) + count);
    for (const [key, message] of other.refusals) if (!this.refusals.has(key)) this.refusals.set(key, message);
  }
  toString(): string {
    return [...this.counts].map(([key, count]) => `${key} ×${count}`).join(', ') || '—';
  }
}

/** The message of an error answer (the app's `{ error: { message } }`), or the start of its body. */
function refusalMessage(body: string): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message;
  } catch {}
  return body.slice(0, 200);
}

/** One request as the client; never throws on a refusal. */
export async function ask(
  client: BenchClient,
  method: string,
  path: string,
  body: { json?: unknown; pdf?: Buffer; cookie?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${client.base}${path}`, {
      method,
      headers: {
        cookie: body.cookie ?? client.cookie,
        'x-forwarded-for': client.freshAddress(),
        ...(body.pdf ? { 'content-type': 'application/pdf' } : {}),
        ...(body.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body.pdf ? { body: new Uint8Array(body.pdf) } : {}),
      ...(body.json !== undefined ? { body: JSON.stringify(body.json) } : {}),
    });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, text: String(error), ms: performance.now() - started };
  }
}

/** Like ask, for a step that must work on any server (setting an attack up): throws otherwise. */
async function must(client: BenchClient, method: string, path: string, body: Parameters<typeof ask>[3] = {}) {
  const answer = await ask(client, method, path, body);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.text ? JSON.parse(answer.text) : undefined;
}

/**
 * The victim's upload: a two-page agreement printed by Chromium, with text tags (its tag job takes
 * some 60 ms; the 29-page LibreOffice agreement's takes 1.5 s of the upload thread, so a victim
 * uploading it every second queued its own uploads behind its own tag jobs).
 */
export const ordinaryPdfName = 'chromium-tagged.pdf';
const ordinaryPdf = pdfFixture(ordinaryPdfName);
/** What each attacker's contract is made of: a one-page scan (no text, so no tag job's fields race the attack's). */
const scanPdf = pdfFixture('img2pdf-scan.pdf');
const ordinaryDocument = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Agreement' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'This agreement is made between the parties.' }] },
  ],
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let signerCounter = 0;
const freshSigner = (who: string) => {
  signerCounter += 1;
  return { name: 'Bench Signer', email: `bench-${who}-${signerCounter}@example.com` };
};

/** The victim's latencies (ms) and answers while an attack runs. */
export type VictimFigures = { uploads: number[]; sends: number[]; answers: Tally };

/**
 * The victim organization, round after round until stopped (and at least once): uploads an
 * ordinary PDF as a new draft, then creates a one-paragraph contract and sends it, with a short
 * pause between rounds (a person at work, not a load generator); the first round after
 * `startAfterMs`, so an attack is under way when it starts.
 */
export function startVictim(victim: BenchClient, startAfterMs = 0): { stop: () => Promise<VictimFigures> } {
  const figures: VictimFigures = { uploads: [], sends: [], answers: new Tally() };
  let stopping = false;
  const rounds = (async () => {
    await pause(startAfterMs);
    do {
      const upload = await ask(victim, 'POST', '/api/contracts/upload-pdf?name=agreement.pdf', {
        pdf: ordinaryPdf,
      });
      figures.uploads.push(upload.ms);
      figures.answers.add('upload', upload.status, upload.text);
      const created = await ask(victim, 'POST', '/api/contracts', {
        json: { title: 'Ordinary agreement', content: ordinaryDocument, signers: [freshSigner('victim')] },
      });
      if (created.status !== 201) figures.answers.add('create', created.status, created.text);
      else {
        const { id } = JSON.parse(created.text);
        const send = await ask(victim, 'POST', `/api/contracts/${id}/send`, { json: { sequential: false } });
        figures.sends.push(send.ms);
        figures.answers.add('send', send.status, send.text);
      }
      if (!stopping) await pause(200);
    } while (!stopping);
  })();
  return {
    async stop() {
      stopping = true;
      await rounds;
      return figures;
    },
  };
}

/** H1: one upload of a 1 KB PDF of 20,000 text tags, whose tag job then reads it in the upload thread. */
export function textTagRound(attacker: BenchClient) {
  const tags = tagFlood(20_000);
  return async (answers: Tally) => {
    const upload = await ask(attacker, 'POST', '/api/contracts/upload-pdf?name=tags.pdf', { pdf: tags });
    answers.add('upload', upload.status, upload.text);
  };
}

/**
 * H2: the two bombs whose 100 MB cross-reference stream hides its filter from a byte scan
 * (`bomb-nested`, `bomb-chain`) uploaded as new drafts, and the first of them, once accepted, given
 * a paragraph and a signer and sent (the PDF thread parses it again).
 */
export function hiddenBombRound(attacker: BenchClient) {
  const nested = crossReferenceBomb(100, 'nested');
  const chain = crossReferenceBomb(100, 'chain');
  return async (answers: Tally) => {
    const first = await ask(attacker, 'POST', '/api/contracts/upload-pdf?name=bomb-nested.pdf', {
      pdf: nested,
    });
    answers.add('upload', first.status, first.text);
    const second = await ask(attacker, 'POST', '/api/contracts/upload-pdf?name=bomb-chain.pdf', {
      pdf: chain,
    });
    answers.add('upload', second.status, second.text);
    if (first.status !== 201) return;
    const { id } = JSON.parse(first.text);
    const patched = await ask(attacker, 'PATCH', `/api/contracts/${id}`, {
      json: { content: ordinaryDocument, signers: [freshSigner('bomb')] },
    });
    if (patched.status !== 200) return answers.add('draft', patched.status, patched.text);
    const send = await ask(attacker, 'POST', `/api/contracts/${id}/send`, { json: { sequential: false } });
    answers.add('send', send.status, send.text);
  };
}

/** `(?:.?){999}` 18 times: 198 characters, under the 200 a pattern may have, and some 18,000 states. */
export const costlyPattern = '(?:.?){999}'.repeat(18);

/** H4: a draft of a scan whose fields are put, each time, as 3 text fields of costlyPattern. */
export async function costlyPatternRound(attacker: BenchClient) {
  const contract = await must(attacker, 'POST', '/api/contracts/upload-pdf?name=pattern.pdf', {
    pdf: scanPdf,
  });
  const fileId = contract.files[0].id as string;
  const fields = Array.from({ length: 3 }, (_, index) => ({
    fileId,
    page: 0,
    x: 0.1,
    y: 0.1 + index * 0.05,
    width: 0.3,
    height: 0.03,
    type: 'text',
    signer: 1,
    options: { format: 'pattern', pattern: costlyPattern },
    value: 'a'.repeat(4000),
  }));
  return async (answers: Tally) => {
    const put = await ask(attacker, 'PUT', `/api/contracts/${contract.id}/fields`, { json: { fields } });
    answers.add('fields', put.status, put.text);
  };
}

/** Sends a draft of a scan with these fields to a signer at the SMTP peer; the signer's browser. */
async function sentToSigner(attacker: BenchClient, peer: SmtpPeer, fields: (fileId: string) => unknown[]) {
  const contract = await must(attacker, 'POST', '/api/contracts/upload-pdf?name=signed.pdf', {
    pdf: scanPdf,
  });
  const signer = freshSigner('signer');
  await must(attacker, 'PATCH', `/api/contracts/${contract.id}`, { json: { signers: [signer] } });
  await must(attacker, 'PUT', `/api/contracts/${contract.id}/fields`, {
    json: { fields: fields(contract.files[0].id) },
  });
  await must(attacker, 'POST', `/api/contracts/${contract.id}/send`, { json: { sequential: false } });
  const givenUpAt = performance.now() + 120_000;
  while (peer.to(signer.email).length === 0) {
    if (performance.now() > givenUpAt)
      throw new Error(`no signing link reached ${signer.email} in 2 minutes`);
    await pause(50);
  }
  const token = signingTokenIn(peer.to(signer.email)[0] as Parameters<typeof signingTokenIn>[0]);
  const opened = await fetch(`${attacker.base}/api/signing/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': attacker.freshAddress() },
    body: JSON.stringify({ token }),
  });
  if (opened.status !== 200) throw new Error(`the signing link opened with ${opened.status}`);
  const { signerId } = (await opened.json()) as { signerId: string };
  const cookie = opened.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .find((value) => value?.startsWith('pactum_sign_'));
  if (!cookie) throw new Error('the signing link set no signing cookie');
  return { signerId, cookie };
}

const signBody = (placed: Record<string, string>, initials?: string) => ({
  consentVersion: consentDisclosure.version,
  fields: { fullName: 'Bench Signer' },
  signature: { kind: 'drawn', image: signatureDataUrl() },
  ...(initials ? { initials: { kind: 'drawn', image: initials } } : {}),
  placed,
});

/**
 * H5, pictures: a contract with 10 image fields and a required text field for its one signer, who
 * signs each time with a 3000×3000 16-bit PNG in every image field and the text field left empty,
 * so the request is refused after the pictures are read, and can be sent again at once.
 */
export async function deepImagesRound(attacker: BenchClient, peer: SmtpPeer) {
  const box = (index: number) => ({ x: 0.05 + (index % 5) * 0.18, y: 0.05 + Math.floor(index / 5) * 0.1 });
  const browser = await sentToSigner(attacker, peer, (fileId) => [
    ...Array.from({ length: 10 }, (_, index) => ({
      fileId,
      page: 0,
      ...box(index),
      width: 0.15,
      height: 0.08,
      type: 'image',
      signer: 1,
      label: `Seal ${index + 1}`,
    })),
    {
      fileId,
      page: 0,
      x: 0.1,
      y: 0.9,
      width: 0.3,
      height: 0.03,
      type: 'text',
      signer: 1,
      label: 'VAT number',
    },
  ]);
  const view = await must(attacker, 'GET', `/api/signing/${browser.signerId}`, { cookie: browser.cookie });
  const picture = pngDataUrl(deepBlankPng());
  const placed = Object.fromEntries(
    (view.placed as { id: string; type: string }[])
      .filter((field) => field.type === 'image')
      .map((field) => [field.id, picture]),
  );
  return async (answers: Tally) => {
    const sign = await ask(attacker, 'POST', `/api/signing/${browser.signerId}/sign`, {
      cookie: browser.cookie,
      json: signBody(placed),
    });
    answers.add('sign', sign.status, sign.text);
  };
}

/**
 * H5, initials: a contract with 200 initials fields for its one signer (set up with the probe
 * paused); the attack is the signature, with an initials image of 394 KB (a zTXt chunk of
 * padding), which the server copies into every one of the 200 fields.
 */
export function paddedInitialsRound(attacker: BenchClient, peer: SmtpPeer, answers: Tally) {
  const initials = pngDataUrl(heavyInitialsPng());
  return async () => {
    const browser = await sentToSigner(attacker, peer, (fileId) =>
      Array.from({ length: 200 }, (_, index) => ({
        fileId,
        page: 0,
        x: 0.02 + (index % 20) * 0.049,
        y: 0.02 + Math.floor(index / 20) * 0.09,
        width: 0.04,
        height: 0.03,
        type: 'initials',
        signer: 1,
      })),
    );
    return async () => {
      const sign = await ask(attacker, 'POST', `/api/signing/${browser.signerId}/sign`, {
        cookie: browser.cookie,
        json: signBody({}, initials),
      });
      answers.add('sign', sign.status, sign.text);
    };
  };
}

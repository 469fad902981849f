import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppendingWriter } from '../../src/server/pdf/appending-writer';
import {
  generateInstanceCertificate,
  loadOrCreateInstanceCertificate,
  readPkcs12,
  type SealingCertificate,
} from '../../src/server/pdf/pkcs12-certificate';
import { sealPdf } from '../../src/server/pdf/seal-pdf';
import { inspectSeal } from '../../src/server/pdf/verify-pdf';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { sealCms } from '../support/seal-cms';
import { startOpensslTsa } from '../support/tsa-server';

const run = promisify(execFile);
const signingTime = new Date('2026-03-01T12:00:00Z');
const sealedWith = (pdf: Uint8Array, certificate: SealingCertificate, tsaUrl?: string) =>
  sealPdf(pdf, {
    certificate,
    reason: 'Sealed by Pactum (completed) — 契約',
    location: 'Berlin',
    name: 'Pactum',
    signingTime,
    ...(tsaUrl ? { tsaUrl } : {}),
  });

let dir: string;
let pdf: Uint8Array;
let certificate: SealingCertificate;
let sealed: Buffer;

/** pdfsig's report; it exits non-zero for invalid signatures, so the output is taken either way. */
async function pdfsig(bytes: Uint8Array, name: string): Promise<string> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  try {
    return (await run('pdfsig', [path])).stdout;
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? '';
  }
}

async function buildPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Pactum seal test');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = doc.addPage();
    page.drawText(`Service agreement, page ${index + 1}`, { x: 50, y: 760, size: 16, font });
    page.drawText('The parties agree to the terms below.', { x: 50, y: 730, size: 11, font });
  }
  return doc.save();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pactum-seal-'));
  pdf = await buildPdf(2);
  const generated = generateInstanceCertificate({
    commonName: 'Pactum Test Seal',
    organization: 'Pactum Tests',
  });
  certificate = readPkcs12(generated.p12, generated.password);
  sealed = await sealedWith(pdf, certificate);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sealing certificate', () => {
  it('describes a generated self-signed certificate valid for ten years', () => {
    expect(certificate.subject).toBe('CN=Pactum Test Seal, O=Pactum Tests');
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
    const years = (certificate.notAfter.getTime() - certificate.notBefore.getTime()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(9.99);
    expect(years).toBeLessThan(10.01);
    const cert = forge.pki.certificateFromPem(certificate.certificatePem);
    expect(cert.getExtension('keyUsage')).toMatchObject({ digitalSignature: true, nonRepudiation: true });
    expect(cert.getExtension('extKeyUsage')).toMatchObject({ emailProtection: true });
  });

  it('rejects a wrong password, junk and an expired certificate with clear messages', () => {
    expect(() => readPkcs12(certificate.p12, 'not-the-password')).toThrow(
      'The certificate password is wrong',
    );
    expect(() => readPkcs12(Buffer.from('not a certificate at all'), 'x')).toThrow(
      'The file is not a PKCS#12 certificate',
    );
    expect(() => readPkcs12(expiredP12('secret'), 'secret')).toThrow('The certificate has expired');
  });

  it('creates the instance certificate once and reuses it', () => {
    const dataDir = join(dir, 'instance');
    const first = loadOrCreateInstanceCertificate(dataDir, 'Pactum Instance');
    const second = loadOrCreateInstanceCertificate(dataDir, 'Pactum Instance');
    expect(second.fingerprintSha256).toBe(first.fingerprintSha256);
    expect(first.subject).toBe('CN=Pactum Instance, O=Pactum Instance');
    for (const file of ['sealing-certificate.p12', 'sealing-certificate.password']) {
      expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
    }
    expect(readFileSync(join(dataDir, 'sealing-certificate.password'), 'utf8')).toBe(first.password);
  });

  it('agrees on one certificate when several processes start at once', async () => {
    const dataDir = join(dir, 'concurrent');
    const module = resolve('src/server/pdf/pkcs12-certificate.ts');
    const script = join(dir, 'load-certificate.mts');
    // Each process waits for a common start instant after its (slow) start-up, so the calls really overlap.
    writeFileSync(
      script,
      `import { loadOrCreateInstanceCertificate } from ${JSON.stringify(module)};\n` +
        'while (Date.now() < Number(process.env.START_AT)) {}\n' +
        `console.log(loadOrCreateInstanceCertificate(${JSON.stringify(dataDir)}, 'Race').fingerprintSha256);\n`,
    );
    const tsx = resolve('node_modules/.bin/tsx');
    const env = { ...process.env, START_AT: String(Date.now() + 2500) };
    const outputs = await Promise.all([1, 2, 3, 4].map(() => run(tsx, [script], { env })));
    const fingerprints = new Set(outputs.map((output) => output.stdout.trim()));
    expect(fingerprints.size).toBe(1);
    expect(loadOrCreateInstanceCertificate(dataDir, 'Race').fingerprintSha256).toBe([...fingerprints][0]);
  });
});

describe('sealPdf', () => {
  it('produces a PAdES signature that pdfsig validates over the whole document', async () => {
    const report = await pdfsig(sealed, 'sealed.pdf');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signer Certificate Common Name: Pactum Test Seal');
    expect(report).toContain('Signing Time: Mar 01 2026 12:00:00');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
  });

  it('signs the PAdES attributes: signing-certificate-v2, and no CMS signing-time', () => {
    const contents = cmsHex(sealed);
    expect(contents).toContain('060b2a864886f70d010910022f'); // id-aa-signingCertificateV2
    expect(contents).toContain(certificate.fingerprintSha256); // its certHash
    expect(contents).not.toContain('06092a864886f70d010905'); // id-signingTime (PAdES uses /M)
  });

  it('is reported intact and complete by inspectSeal', () => {
    expect(inspectSeal(sealed)).toEqual({
      sealed: true,
      intact: true,
      coversWholeDocument: true,
      certificateFingerprintSha256: certificate.fingerprintSha256,
      subject: 'CN=Pactum Test Seal, O=Pactum Tests',
      signingTime,
      reason: 'Sealed by Pactum (completed) — 契約',
    });
  });

  it('detects a changed byte in the signed range', async () => {
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf('Berlin');
    expect(at).toBeGreaterThan(0);
    tampered[at] = 'b'.charCodeAt(0);
    const report = await pdfsig(tampered, 'tampered.pdf');
    expect(report).not.toContain('Signature is Valid.');
    expect(report).toContain('Digest Mismatch');
    expect(inspectSeal(tampered)).toMatchObject({ sealed: true, intact: false });

    const early = Buffer.from(sealed);
    early[20] = (early[20] as number) ^ 0x01; // inside the first range, in the binary header comment
    expect(inspectSeal(early)).toMatchObject({ sealed: true, intact: false, coversWholeDocument: true });
  });

  it('detects a changed signature value inside /Contents', async () => {
    const forged = Buffer.from(sealed);
    const signatureAt = forged.indexOf('04820100', forged.indexOf('/Contents <')); // OCTET STRING of 256 bytes
    expect(signatureAt).toBeGreaterThan(0);
    const digit = signatureAt + 8 + 20;
    forged[digit] = forged[digit] === 0x30 ? 0x31 : 0x30;
    expect(inspectSeal(forged)).toMatchObject({ sealed: true, intact: false, coversWholeDocument: true });
    expect(await pdfsig(forged, 'forged.pdf')).not.toContain('Signature is Valid.');
  });

  it('detects bytes appended after sealing', async () => {
    const appended = Buffer.concat([sealed, Buffer.from('\n% appended later\n')]);
    expect(inspectSeal(appended)).toMatchObject({ sealed: true, intact: true, coversWholeDocument: false });
    const report = await pdfsig(appended, 'appended.pdf');
    expect(report).toContain('Not total document signed');
  });

  it('refuses to seal a PDF that is already signed', async () => {
    await expect(sealedWith(sealed, certificate)).rejects.toThrow('already signed');
  });

  it('embeds an RFC 3161 time-stamp when a TSA is given', async () => {
    const tsa = await startOpensslTsa(dir);
    try {
      const stamped = await sealedWith(pdf, certificate, tsa.url);
      const report = await pdfsig(stamped, 'stamped.pdf');
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Total document signed');
      expect(inspectSeal(stamped)).toMatchObject({ sealed: true, intact: true, coversWholeDocument: true });
      // id-aa-signatureTimeStampToken is in the CMS, and the TSA was asked exactly once
      expect(cmsHex(stamped)).toContain('060b2a864886f70d010910020e');
      expect(tsa.requests()).toBe(1);
      await expect(sealedWith(pdf, certificate, `${tsa.url}refuse`)).rejects.toThrow(
        'time-stamping authority',
      );
    } finally {
      tsa.server.close();
    }
  });

  it('refuses a reply larger than any time-stamp without reading it all', async () => {
    const tsa = await startOpensslTsa(dir);
    try {
      await expect(sealedWith(pdf, certificate, `${tsa.url}huge`)).rejects.toThrow(
        'The time-stamping authority sent a reply larger than 64 KB, which no time-stamp is',
      );
    } finally {
      tsa.server.close();
    }
  });
});

describe('completing a PDF the other side signed first', () => {
  it('appends the pages and a time-stamped PAdES seal after its bytes: both signatures valid', async () => {
    const original = pdfFixture('already-signed.pdf');
    const tsa = await startOpensslTsa(dir);
    try {
      const completion = await AppendingWriter.open(original);
      const appendix = await buildPdf(1);
      await completion.append(appendix);
      const beforeSeal = await completion.save();
      const stamped = Buffer.from(
        await completion.seal({
          certificate,
          reason: 'Completed',
          name: 'Pactum',
          signingTime,
          tsaUrl: tsa.url,
        }),
      );
      expect(Buffer.compare(stamped.subarray(0, original.length), original)).toBe(0);
      expect(Buffer.compare(stamped.subarray(0, beforeSeal.length), Buffer.from(beforeSeal))).toBe(0);
      const report = await pdfsig(stamped, 'countersigned.pdf');
      expect(report.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(2);
      expect(report).toContain('Signer Certificate Common Name: Kowalski Legal Sp. z o.o.');
      expect(report).toContain('Signer Certificate Common Name: Pactum Test Seal');
      expect(inspectSeal(stamped)).toMatchObject({ sealed: true, intact: true, coversWholeDocument: true });
      // The seal's CMS, read by OpenSSL: PAdES's signing-certificate-v2 and the TSA's token.
      const der = join(dir, 'seal.der');
      writeFileSync(der, sealCms(stamped));
      const printed = (await run('openssl', ['cms', '-cmsout', '-inform', 'DER', '-in', der, '-print']))
        .stdout;
      expect(printed).toContain('id-smime-aa-signingCertificateV2');
      expect(printed).toContain('id-smime-aa-timeStampToken');
      expect(tsa.requests()).toBe(1);
    } finally {
      tsa.server.close();
    }
  });
});

describe('a signed PDF that could only be rewritten', () => {
  it('is refused before anything is added: its signature would break', async () => {
    // Its last cross-reference offset points nowhere: read only by rebuilding its table.
    const signed = Buffer.from(pdfFixture('already-signed.pdf'));
    const at = signed.lastIndexOf('startxref');
    const damaged = Buffer.concat([signed.subarray(0, at), Buffer.from('startxref\r\n1234\r\n%%EOF\r\n')]);
    await expect(AppendingWriter.open(damaged)).rejects.toThrow(
      'This PDF cannot be added to without rewriting it (it is damaged and had to be repaired to be read)',
    );
  });
});

describe('inspectSeal', () => {
  it('answers sealed:false for unsigned PDFs and junk without throwing', async () => {
    expect(inspectSeal(pdf)).toEqual({ sealed: false, reason: 'The PDF has no signature' });
    expect(inspectSeal(new Uint8Array())).toMatchObject({ sealed: false });
    expect(inspectSeal(Buffer.from('/ByteRange [0 10 20 30] /Contents <zz>'))).toMatchObject({
      sealed: false,
    });
    const garbled = Buffer.from(sealed);
    const contentsAt = garbled.indexOf('/Contents <') + 11;
    garbled.write('ffff', contentsAt, 'latin1'); // break the CMS header
    expect(inspectSeal(garbled)).toMatchObject({ sealed: false });
    for (let round = 0; round < 200; round += 1) {
      const junk = Buffer.from(sealed.subarray(0, Math.floor(Math.random() * sealed.length)));
      for (let flips = 0; flips < 4; flips += 1) junk[Math.floor(Math.random() * junk.length)] = round & 0xff;
      expect(() => inspectSeal(junk)).not.toThrow();
    }
  });
});

const cmsHex = (file: Buffer) =>
  (/\/Contents\s*<([0-9a-fA-F]+)>/.exec(file.toString('latin1'))?.[1] ?? '').toLowerCase();

/** A PKCS#12 whose certificate expired yesterday. */
function expiredP12(password: string): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 30 * 86_400_000);
  cert.validity.notAfter = new Date(Date.now() - 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'Expired' }]);
  cert.setIssuer([{ name: 'commonName', value: 'Expired' }]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

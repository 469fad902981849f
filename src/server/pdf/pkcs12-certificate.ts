import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

/** A PKCS#12 sealing certificate together with what the app shows about it. */
export type SealingCertificate = {
  p12: Buffer;
  password: string;
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the DER certificate, lowercase hex. */
  fingerprintSha256: string;
  certificatePem: string;
};

/** The key, signing certificate and chain inside a PKCS#12 file, ready for signing. */
export type SealingKeyMaterial = {
  privateKeyPem: string;
  certificateDer: Buffer;
  /** Every certificate in the file, the signing certificate first. */
  chainDer: Buffer[];
};

/** id-kp-documentSigning (RFC 9336). */
const documentSigningOid = '1.3.6.1.5.5.7.3.36';
const p12FileName = 'sealing-certificate.p12';
const passwordFileName = 'sealing-certificate.password';
const validityYears = 10;

/** A certificate file that cannot be used; its message is written for the user. */
export class CertificateError extends Error {
  override readonly name = 'CertificateError';
}

const fail = (message: string): never => {
  throw new CertificateError(message);
};

/**
 * The most key-derivation rounds a PKCS#12 file may ask for. OpenSSL writes 2,048, Windows 2,000
 * and Java 10,000; a file asking for millions is an attack on the CPU (node-forge derives the
 * MAC key in JavaScript: 100,000 rounds take about a second, 2,000,000 took 41 s).
 */
export const maxKeyDerivationRounds = 100_000;
/**
 * And in all, for one file: a MAC key and a key and an IV for each of two bags, each at the limit.
 * A file of twenty key bags at 100,000 rounds each took 17 s of the PDF thread.
 */
export const maxRoundsPerFile = 5 * maxKeyDerivationRounds;
/** What the file being opened may still spend; null while no file is being opened (making one). */
let roundsLeft: number | null = null;

/**
 * node-forge reads the round counts from the file and derives at once. Every derivation it can do
 * goes through one of these three functions, so each is wrapped to refuse an absurd count before
 * any work: the MAC key, the PKCS#12 PBE keys, and PBES2's PBKDF2.
 */
function refuseAbsurdRounds(): void {
  const guard = <F extends (...args: never[]) => unknown>(derive: F, roundsAt: number): F =>
    ((...args: Parameters<F>) => {
      const rounds = Number(args[roundsAt]);
      if (!(rounds <= maxKeyDerivationRounds)) {
        fail(
          `The certificate file asks for ${rounds.toLocaleString('en')} key derivation rounds; at most ${maxKeyDerivationRounds.toLocaleString('en')} are accepted. Export it again with the usual settings.`,
        );
      }
      if (roundsLeft !== null) roundsLeft -= rounds;
      if (roundsLeft !== null && roundsLeft < 0) {
        fail(
          `The certificate file asks for more than ${maxRoundsPerFile.toLocaleString('en')} key derivation rounds in all; export it again with the usual settings.`,
        );
      }
      return derive(...args);
    }) as F;
  forge.pkcs12.generateKey = guard(forge.pkcs12.generateKey, 3);
  // Not in @types/node-forge, but there at run time (lib/pbe.js).
  const pbe = (forge.pki as unknown as { pbe: { generatePkcs12Key: (...args: never[]) => unknown } }).pbe;
  pbe.generatePkcs12Key = guard(pbe.generatePkcs12Key, 3);
  forge.pkcs5.pbkdf2 = guard(forge.pkcs5.pbkdf2, 2);
}
refuseAbsurdRounds();

const certificateDer = (cert: forge.pki.Certificate): Buffer =>
  Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');

const describeName = (name: forge.pki.Certificate['subject']): string =>
  name.attributes
    .map(
      (attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${String(attribute.value)}`,
    )
    .join(', ');

type ParsedP12 = {
  key: forge.pki.rsa.PrivateKey;
  cert: forge.pki.Certificate;
  chain: forge.pki.Certificate[];
};

function parseP12(p12: Buffer, password: string): ParsedP12 {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    return fail('The file is not a PKCS#12 certificate');
  }
  let pkcs12: forge.pkcs12.Pkcs12Pfx;
  try {
    // Synchronous: no other file is opened on this thread meanwhile.
    roundsLeft = maxRoundsPerFile;
    pkcs12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
    roundsLeft = null;
  } catch (error) {
    roundsLeft = null;
    if (error instanceof CertificateError) throw error;
    const message = error instanceof Error ? error.message : '';
    // forge checks the MAC first; a MAC mismatch (or a failed decryption of a MAC-less file) means a wrong password.
    if (/password|Invalid|decrypt/i.test(message)) return fail('The certificate password is wrong');
    if (/unsupported/i.test(message)) return fail('The certificate uses an unsupported encryption algorithm');
    return fail('The file is not a PKCS#12 certificate');
  }
  const bagsOf = (bagType: string) => pkcs12.getBags({ bagType })[bagType] ?? [];
  const keyBags = [
    ...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag ?? ''),
    ...bagsOf(forge.pki.oids.keyBag ?? ''),
  ];
  const certs = bagsOf(forge.pki.oids.certBag ?? '').flatMap((bag) => (bag.cert ? [bag.cert] : []));
  if (keyBags.length === 0) fail('The certificate has no private key');
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) return fail('Only RSA certificates are supported');
  if (certs.length === 0) fail('The file contains no certificate');
  const cert = certs.find((candidate) => {
    const publicKey = candidate.publicKey as Partial<forge.pki.rsa.PublicKey>;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!cert) return fail('The certificate does not match its private key');
  return { key, cert, chain: [cert, ...certs.filter((other) => other !== cert)] };
}

/** Parses and checks a PKCS#12 file. Throws an Error whose message can be shown to the user. */
export function readPkcs12(p12: Buffer, password: string): SealingCertificate {
  const { cert } = parseP12(p12, password);
  const now = Date.now();
  if (cert.validity.notAfter.getTime() < now) fail('The certificate has expired');
  if (cert.validity.notBefore.getTime() > now) fail('The certificate is not valid yet');
  return {
    p12,
    password,
    subject: describeName(cert.subject),
    issuer: describeName(cert.issuer),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    fingerprintSha256: createHash('sha256').update(certificateDer(cert)).digest('hex'),
    certificatePem: forge.pki.certificateToPem(cert),
  };
}

/**
 * The private key and certificates of a PKCS#12 file, decrypted (tens of milliseconds): read once
 * per certificate and thread through sealing-key.ts, which keeps them.
 */
export function readKeyMaterial(p12: Buffer, password: string): SealingKeyMaterial {
  const { key, chain } = parseP12(p12, password);
  const chainDer = chain.map(certificateDer);
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificateDer: chainDer[0] as Buffer,
    chainDer,
  };
}

/** A self-signed RSA-2048 sealing certificate valid for ten years, as PKCS#12 with a random password. */
export function generateInstanceCertificate(input: { commonName: string; organization: string }): {
  p12: Buffer;
  password: string;
} {
  const password = randomBytes(32).toString('base64url');
  return { p12: buildSelfSignedP12(input, password), password };
}

function buildSelfSignedP12(input: { commonName: string; organization: string }, password: string): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  const serial = randomBytes(16);
  serial[0] = ((serial[0] as number) & 0x7f) | 0x40; // positive, and no leading zero byte
  cert.serialNumber = serial.toString('hex');
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 5 * 60_000); // tolerate clock skew
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + validityYears);
  const name = [
    { name: 'commonName', value: input.commonName },
    { name: 'organizationName', value: input.organization },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true, [documentSigningOid]: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, {
    algorithm: 'aes256',
    friendlyName: input.commonName,
    generateLocalKeyId: true,
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

const readIfExists = (path: string): Buffer | null => {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/**
 * Publishes `content` at `path` only if nothing is there yet: writes a private temporary file, then hard-links it
 * into place (link() never overwrites). Whatever is at `path` afterwards, ours or a concurrent writer's, wins.
 */
function publishOnce(path: string, content: Buffer | string): void {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeFileSync(fd, content);
    fsyncSync(fd); // the published file must never be seen empty after a crash
  } finally {
    closeSync(fd);
  }
  try {
    chmodSync(temporary, 0o600); // in case of an unusual umask
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * The instance's own sealing certificate, kept as `sealing-certificate.p12` and `sealing-certificate.password`
 * (mode 0600) in `dataDir` and created on first use. Safe when several processes start together: the password is
 * settled first and never replaced, and a certificate is only ever published under the settled password, so the
 * two files always match, and a crash between the two steps is repaired on the next call.
 */
export function loadOrCreateInstanceCertificate(dataDir: string, commonName: string): SealingCertificate {
  const p12Path = join(dataDir, p12FileName);
  const passwordPath = join(dataDir, passwordFileName);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  if (readIfExists(passwordPath) === null) publishOnce(passwordPath, randomBytes(32).toString('base64url'));
  const password = (readIfExists(passwordPath) ?? fail('The sealing certificate password file vanished'))
    .toString('utf8')
    .trim();

  if (readIfExists(p12Path) === null) {
    publishOnce(p12Path, buildSelfSignedP12({ commonName, organization: commonName }, password));
  }
  const p12 = readIfExists(p12Path) ?? fail('The sealing certificate file vanished');
  return readPkcs12(p12, password);
}

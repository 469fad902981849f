import { createHash, sign } from 'node:crypto';
import {
  readKeyMaterial,
  readPkcs12,
  type SealingCertificate,
  type SealingKeyMaterial,
} from './pkcs12-certificate';

/** The sealing certificate's key and chain, and its one way of signing. */
export type SealingKey = SealingKeyMaterial & {
  /** Signs as every seal does: RSA PKCS#1 v1.5 over the SHA-256 of `data`. */
  sign(data: Uint8Array): Buffer;
};

type Held = { certificate?: SealingCertificate; key?: SealingKey };

// Decrypting a PKCS#12 file takes node-forge tens of milliseconds: each certificate is read once
// per thread, kept here by its bytes and password, and its key decrypted once beside it.
const held = new Map<string, Held>();

function heldFor(p12: Uint8Array, password: string): Held {
  const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  const id = `${hash(p12)}:${hash(Buffer.from(password))}`;
  let entry = held.get(id);
  if (!entry) {
    entry = {};
    held.set(id, entry);
  }
  return entry;
}

/** A sealing certificate given as its file and password, read (and checked) once per thread. */
export function sealingCertificateOf(input: { p12: Uint8Array; password: string }): SealingCertificate {
  const entry = heldFor(input.p12, input.password);
  entry.certificate ??= readPkcs12(Buffer.from(input.p12), input.password);
  return entry.certificate;
}

/** The key of a sealing certificate, decrypted once per thread, ready to sign. */
export function sealingKeyOf(certificate: SealingCertificate): SealingKey {
  const entry = heldFor(certificate.p12, certificate.password);
  if (!entry.key) {
    const material = readKeyMaterial(certificate.p12, certificate.password);
    entry.key = { ...material, sign: (data) => sign('sha256', data, material.privateKeyPem) };
  }
  return entry.key;
}

import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { CertificateError, maxRoundsPerFile, readPkcs12 } from '../../src/server/pdf/pkcs12-certificate';

/**
 * A PKCS#12 file whose one key bag is repeated `copies` times, each encrypted with `rounds` key
 * derivation rounds: every copy costs a derivation to open, while making the file costs one.
 */
function fileWithRepeatedKeyBags(copies: number, rounds: number): Buffer {
  const keys = forge.pki.rsa.generateKeyPair(512);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'Many bags' }]);
  cert.setIssuer([{ name: 'commonName', value: 'Many bags' }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const pfx = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], 'pw', {
    algorithm: '3des',
    count: rounds,
    useMac: false,
  });
  // PFX: [version, authSafe ContentInfo [type, [0] OCTET STRING holding the AuthenticatedSafe]].
  const contentInfo = (pfx.value as forge.asn1.Asn1[])[1] as forge.asn1.Asn1;
  const explicit = (contentInfo.value as forge.asn1.Asn1[])[1] as forge.asn1.Asn1;
  const authSafeOctet = (explicit.value as forge.asn1.Asn1[])[0] as forge.asn1.Asn1;
  const authSafe = forge.asn1.fromDer(authSafeOctet.value as string);
  const infos = authSafe.value as forge.asn1.Asn1[];
  const keyInfo = [...infos]
    .reverse()
    .find(
      (info) =>
        forge.asn1.derToOid((info.value as forge.asn1.Asn1[])[0]?.value as string) === forge.pki.oids.data,
    );
  if (!keyInfo) throw new Error('no key bag');
  for (let copy = 1; copy < copies; copy += 1) infos.push(keyInfo);
  authSafeOctet.value = forge.asn1.toDer(authSafe).getBytes();
  return Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary');
}

describe('opening a PKCS#12 file', () => {
  it('refuses a file whose key derivations add up past the limit, though each is within it', () => {
    // Twenty bags of 20,000 rounds (a key and an IV each): 800,000 in all.
    const file = fileWithRepeatedKeyBags(20, 20_000);
    expect(() => readPkcs12(file, 'pw')).toThrow(CertificateError);
    expect(() => readPkcs12(file, 'pw')).toThrow(
      `more than ${maxRoundsPerFile.toLocaleString('en')} key derivation rounds in all`,
    );
  }, 60_000);

  it('opens the same kind of file with one bag', () => {
    expect(readPkcs12(fileWithRepeatedKeyBags(1, 20_000), 'pw').subject).toBe('CN=Many bags');
  }, 60_000);
});

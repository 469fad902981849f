import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TimestampAuthority } from '@libpdf/core';
import { TaskRefusal } from '../workers/task-refusal';
import { askServer } from '../workers/task-thread';
import {
  algorithm,
  childrenOf,
  contentOf,
  encode,
  expectTag,
  Oid,
  octetString,
  oidOf,
  rawOf,
  readTlv,
  sequence,
  smallInteger,
  Tag,
} from './der';
import { exchangeWithTsa } from './tsa-exchange';

/** Asks an RFC 3161 TSA to time-stamp a SHA-256 digest (its reply checked); returns the TimeStampToken. */
export async function timestampDigest(tsaUrl: string, imprint: Buffer): Promise<Buffer> {
  const nonce = randomBytes(8);
  nonce[0] = ((nonce[0] as number) & 0x7f) | 0x40; // positive and minimally encoded
  const request = sequence(
    smallInteger(1),
    sequence(algorithm(Oid.sha256), octetString(imprint)),
    encode(Tag.integer, nonce),
    Buffer.from([0x01, 0x01, 0xff]), // certReq TRUE: the token carries the TSA certificate
  );
  // The HTTP exchange is the server thread's: the PDF thread serves other calls meanwhile.
  const body = Buffer.from(
    await askServer('timestamp', { url: tsaUrl, request: new Uint8Array(request) }, exchangeWithTsa),
  );
  try {
    return checkTimestampResponse(body, imprint, nonce);
  } catch (error) {
    if (error instanceof TaskRefusal) throw error;
    // Whatever stops the reading (a DerError, a missing part) is the reply's fault, not the thread's.
    throw new TaskRefusal('The time-stamping authority sent a malformed reply');
  }
}

/** The TimeStampToken of a TSA's reply, once it is seen to answer this request. */
function checkTimestampResponse(body: Buffer, imprint: Buffer, nonce: Buffer): Buffer {
  const [statusInfo, token] = childrenOf(body, expectTag(readTlv(body, 0), Tag.sequence, 'TimeStampResp'));
  const status = contentOf(
    body,
    expectTag(childrenOf(body, expectTag(statusInfo, Tag.sequence, 'status'))[0], Tag.integer, 'status'),
  );
  if (status.length !== 1 || (status[0] as number) > 1 || !token) {
    throw new TaskRefusal(
      `The time-stamping authority refused the request (status ${status.toString('hex')})`,
    );
  }
  // TimeStampToken = ContentInfo { signedData, [0] SignedData { ..., encapContentInfo { tstInfo, [0] OCTET STRING } } }
  const [, explicitContent] = childrenOf(body, expectTag(token, Tag.sequence, 'TimeStampToken'));
  const signedData = expectTag(
    childrenOf(body, expectTag(explicitContent, Tag.context(0), 'token content'))[0],
    Tag.sequence,
    'SignedData',
  );
  const [eContentType, eContent] = childrenOf(
    body,
    expectTag(childrenOf(body, signedData)[2], Tag.sequence, 'encapContentInfo'),
  );
  if (oidOf(body, eContentType) !== Oid.tstInfo)
    throw new TaskRefusal('The time-stamping authority sent no TSTInfo');
  const tstOctets = expectTag(
    childrenOf(body, expectTag(eContent, Tag.context(0), 'eContent'))[0],
    Tag.octetString,
    'TSTInfo',
  );
  const tst = contentOf(body, tstOctets);
  const fields = childrenOf(tst, expectTag(readTlv(tst, 0), Tag.sequence, 'TSTInfo'));
  const hashed = childrenOf(tst, expectTag(fields[2], Tag.sequence, 'messageImprint'))[1];
  const tokenImprint = contentOf(tst, expectTag(hashed, Tag.octetString, 'hashedMessage'));
  const tokenNonce = fields.slice(5).find((field) => field.tag === Tag.integer);
  const sameNonce = tokenNonce ? contentOf(tst, tokenNonce).equals(nonce) : false;
  if (tokenImprint.length !== imprint.length || !timingSafeEqual(tokenImprint, imprint) || !sameNonce) {
    throw new TaskRefusal('The time-stamp does not match the request');
  }
  return rawOf(body, token);
}

/** The same client as @libpdf/core's time-stamping authority, for a seal it writes. */
export const timestampAuthority = (tsaUrl: string): TimestampAuthority => ({
  timestamp: async (digest) => new Uint8Array(await timestampDigest(tsaUrl, Buffer.from(digest))),
});

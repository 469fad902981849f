import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey authenticator (ES256, 'none' attestation) that answers WebAuthn options the
 * way a browser and a security key together do, so the server's real verification runs on real
 * signatures. It keeps its credentials like a device with resident keys does.
 */

// A minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps.
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64u = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

type Credential = {
  id: Buffer;
  privateKey: KeyObject;
  x: Buffer;
  y: Buffer;
  userHandle: string;
  counter: number;
};

export type RegistrationOptions = {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
};
export type AuthenticationOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    readonly origin: string,
    /** Whether the device verifies the person (a PIN, a fingerprint): the UV flag. */
    readonly verifiesUser = true,
  ) {}

  private flags(extra: number): number {
    return 0x01 | (this.verifiesUser ? 0x04 : 0) | extra;
  }

  /** navigator.credentials.create(), as @simplewebauthn/browser returns it. */
  register(options: RegistrationOptions, overrides: { origin?: string; challenge?: string } = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential: Credential = {
      id: randomBytes(32),
      privateKey,
      x: Buffer.from(jwk.x ?? '', 'base64url'),
      y: Buffer.from(jwk.y ?? '', 'base64url'),
      userHandle: options.user.id,
      counter: 0,
    };
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, credential.x],
        [-3, credential.y],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credential.id.length);
    const counter = Buffer.alloc(4);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(0x40)]),
      counter,
      Buffer.alloc(16),
      length,
      credential.id,
      coseKey,
    ]);
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientData),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** navigator.credentials.get(): the first allowed credential, or the first it holds (discoverable). */
  authenticate(options: AuthenticationOptions, overrides: { origin?: string; credential?: Credential } = {}) {
    const allowed = options.allowCredentials?.map((item) => item.id) ?? [];
    const credential =
      overrides.credential ??
      this.credentials.find((item) => allowed.length === 0 || allowed.includes(b64u(item.id)));
    if (!credential) throw new Error('No credential for these options');
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(0)]), counter]);
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}

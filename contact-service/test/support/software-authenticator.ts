import {
  createHash,
  createSign,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

// A passkey authenticator in software, as the WebAuthn spec has one answer (ES256, "none"
// attestation, a signature counter): what a browser and a security key send for the console's
// options, so the service's verification runs for real, with no browser.

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, n: number) =>
    n < 24
      ? Buffer.from([(major << 5) | n])
      : n < 256
        ? Buffer.from([(major << 5) | 24, n])
        : Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item as Parameters<typeof cbor>[0])]),
  ]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');
const counterBytes = (n: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(n);
  return bytes;
};

/** User present, user verified; plus attested credential data when a credential is made. */
const FLAGS = { present: 0x01, verified: 0x04, attested: 0x40 };

export class SoftwareAuthenticator {
  private readonly id = randomBytes(16);
  private readonly keys: { privateKey: KeyObject; publicKey: KeyObject };
  private counter = 0;
  private userHandle = '';

  constructor(private readonly origin: string) {
    this.keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  }

  get credentialId(): string {
    return b64url(this.id);
  }

  /** The answer to registration options, as @simplewebauthn/browser's startRegistration gives it. */
  create(options: { challenge: string; rp: { id: string }; user: { id: string } }): string {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([FLAGS.present | FLAGS.verified | FLAGS.attested]),
      counterBytes(this.counter),
      Buffer.alloc(16),
      idLength,
      this.id,
      cbor(coseKey),
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return JSON.stringify({
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    });
  }

  /** The answer to sign-in options (startAuthentication's), signed by this credential's key. */
  get(options: { challenge: string; rpId?: string }, rpId = options.rpId ?? ''): string {
    this.counter += 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAGS.present | FLAGS.verified]),
      counterBytes(this.counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]))
      .sign(this.keys.privateKey);
    return JSON.stringify({
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    });
  }

  private clientData(type: string, challenge: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin })));
  }
}

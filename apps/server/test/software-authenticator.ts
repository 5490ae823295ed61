import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/*
 * A passkey authenticator in software, so the server's WebAuthn ceremonies can be tested end to end
 * without a browser: it answers the options the server hands out with the JSON a browser would post
 * back, built byte for byte as WebAuthn Level 3 describes (attestation "none", ES256 on P-256).
 */

/** A credential the authenticator holds. */
export interface SoftwarePasskey {
  /** base64url, as the server stores it. */
  credentialId: string;
  rpId: string;
  /** base64url, the options' user.id at registration; returned on discoverable sign-in. */
  userHandle: string;
  /** The signCount of the last response this credential produced. */
  counter: number;
  privateKey: KeyObject;
  /** COSE_Key bytes, as verifyRegistrationResponse returns them: lets a test seed a passkey without registering. */
  publicKeyCose: Uint8Array;
}

export interface SoftwareAuthenticatorOptions {
  /** The origin written into clientDataJSON unless a call overrides it. */
  origin?: string;
  /** Whether the credentials may be synced (BE flag); a synced passkey is 'multiDevice' to the server. */
  backupEligible?: boolean;
  /** Whether the credentials are synced now (BS flag). */
  backedUp?: boolean;
}

export interface RegistrationOverrides {
  origin?: string;
}

/** What a test bends in one assertion to see the server refuse it (or, for userVerified, to see it care). */
export interface AuthenticationOverrides {
  origin?: string;
  /** The RP ID hashed into authenticatorData, instead of options.rpId or the credential's own. */
  rpId?: string;
  /** The signCount to send; the kept counter is then left as it was. */
  counter?: number;
  credentialId?: string;
  /** false sends UP without UV; true by default. */
  userVerified?: boolean;
}

export interface SoftwareAuthenticator {
  /** Answers creation options with a new ES256 credential under attestation "none" and keeps the credential. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides?: RegistrationOverrides,
  ): RegistrationResponseJSON;
  /**
   * Answers request options with an assertion of a kept credential: overrides.credentialId, else the
   * first one options.allowCredentials names, else (discoverable sign-in) the first kept one, with
   * userHandle. The counter goes up by one first unless overrides.counter sets the signCount, which then
   * leaves the kept counter alone, as a cloned authenticator would.
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides?: AuthenticationOverrides,
  ): AuthenticationResponseJSON;
  credentials: SoftwarePasskey[];
}

const DEFAULT_ORIGIN = 'http://localhost:3000';
const ES256 = -7;

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_CREDENTIAL_DATA = 0x40;

export function createSoftwareAuthenticator(opts: SoftwareAuthenticatorOptions = {}): SoftwareAuthenticator {
  const defaultOrigin = opts.origin ?? DEFAULT_ORIGIN;
  const backupFlags = (opts.backupEligible ? FLAG_BACKUP_ELIGIBLE : 0) | (opts.backedUp ? FLAG_BACKED_UP : 0);
  const credentials: SoftwarePasskey[] = [];

  function register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: RegistrationOverrides = {},
  ): RegistrationResponseJSON {
    if (!options.pubKeyCredParams.some((param) => param.alg === ES256)) {
      throw new Error('software authenticator: the options do not accept ES256, the only algorithm it has');
    }
    // A browser defaults the RP ID to the origin's host when the server leaves it out.
    const origin = overrides.origin ?? defaultOrigin;
    const rpId = options.rp.id ?? new URL(origin).hostname;

    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = randomBytes(32);
    const publicKeyCose = encodeCoseEc2PublicKey(publicKey);
    // The creation counts as the credential's first use, so the server's stored counter starts above
    // zero and its clone check (a signCount that does not grow) is live from the first sign-in.
    const counter = 1;

    const authenticatorData = Buffer.concat([
      sha256(Buffer.from(rpId)),
      Buffer.of(FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL_DATA | backupFlags),
      uint32BigEndian(counter),
      Buffer.alloc(16), // AAGUID: all zeros, as attestation "none" carries no model
      uint16BigEndian(credentialId.length),
      credentialId,
      publicKeyCose,
    ]);
    const attestationObject = encodeCbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authenticatorData],
      ]),
    );
    const clientDataJSON = encodeClientData('webauthn.create', options.challenge, origin);

    credentials.push({
      credentialId: credentialId.toString('base64url'),
      rpId,
      userHandle: options.user.id,
      counter,
      privateKey,
      publicKeyCose,
    });

    return {
      id: credentialId.toString('base64url'),
      rawId: credentialId.toString('base64url'),
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        transports: ['internal'],
        publicKeyAlgorithm: ES256,
        publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64url'),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      type: 'public-key',
    };
  }

  function authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: AuthenticationOverrides = {},
  ): AuthenticationResponseJSON {
    const allowedIds = options.allowCredentials?.map((descriptor) => descriptor.id) ?? [];
    const isDiscoverable = allowedIds.length === 0;
    const credential = chooseCredential(credentials, allowedIds, overrides.credentialId);

    if (overrides.counter === undefined) {
      credential.counter += 1;
    }
    const signCount = overrides.counter ?? credential.counter;
    const origin = overrides.origin ?? defaultOrigin;
    const rpId = overrides.rpId ?? options.rpId ?? credential.rpId;
    const isUserVerified = overrides.userVerified ?? true;

    const authenticatorData = Buffer.concat([
      sha256(Buffer.from(rpId)),
      Buffer.of(FLAG_USER_PRESENT | (isUserVerified ? FLAG_USER_VERIFIED : 0) | backupFlags),
      uint32BigEndian(signCount),
    ]);
    const clientDataJSON = encodeClientData('webauthn.get', options.challenge, origin);
    // ECDSA over authenticatorData ‖ SHA-256(clientDataJSON); node signs in DER, the form WebAuthn wants.
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      credential.privateKey,
    );

    return {
      id: credential.credentialId,
      rawId: credential.credentialId,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(isDiscoverable ? { userHandle: credential.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      type: 'public-key',
    };
  }

  return { register, authenticate, credentials };
}

function chooseCredential(
  credentials: SoftwarePasskey[],
  allowedIds: string[],
  requestedId: string | undefined,
): SoftwarePasskey {
  const credential =
    requestedId !== undefined
      ? credentials.find((candidate) => candidate.credentialId === requestedId)
      : allowedIds.length === 0
        ? credentials[0]
        : credentials.find((candidate) => allowedIds.includes(candidate.credentialId));
  if (credential === undefined) {
    throw new Error(
      requestedId !== undefined
        ? `software authenticator: no credential ${requestedId}`
        : 'software authenticator: no credential the options allow',
    );
  }
  return credential;
}

function encodeClientData(
  type: 'webauthn.create' | 'webauthn.get',
  challenge: string,
  origin: string,
): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** COSE_Key of an EC2 P-256 key for ES256, keys in CTAP2 canonical order. */
function encodeCoseEc2PublicKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.x === undefined || jwk.y === undefined) {
    throw new Error('software authenticator: the EC key exported no coordinates');
  }
  return encodeCbor(
    new Map<number, CborValue>([
      [1, 2], // kty: EC2
      [3, ES256], // alg
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function uint16BigEndian(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

function uint32BigEndian(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

/*
 * The CBOR (RFC 8949) this authenticator needs and nothing more. Maps are JS Maps because COSE keys
 * are negative integers, which plain objects would turn into strings and reorder.
 */
type CborValue = number | string | Uint8Array | CborValue[] | Map<number | string, CborValue>;

const CBOR_UNSIGNED = 0;
const CBOR_NEGATIVE = 1;
const CBOR_BYTES = 2;
const CBOR_TEXT = 3;
const CBOR_ARRAY = 4;
const CBOR_MAP = 5;

function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) {
      throw new Error(`software authenticator: CBOR encoder takes integers only, got ${value}`);
    }
    return value >= 0 ? encodeCborHead(CBOR_UNSIGNED, value) : encodeCborHead(CBOR_NEGATIVE, -1 - value);
  }
  if (typeof value === 'string') {
    const utf8 = Buffer.from(value, 'utf8');
    return Buffer.concat([encodeCborHead(CBOR_TEXT, utf8.length), utf8]);
  }
  if (value instanceof Uint8Array) {
    return Buffer.concat([encodeCborHead(CBOR_BYTES, value.length), value]);
  }
  if (Array.isArray(value)) {
    return Buffer.concat([encodeCborHead(CBOR_ARRAY, value.length), ...value.map(encodeCbor)]);
  }
  const entries = [...value].flatMap(([key, entry]) => [encodeCbor(key), encodeCbor(entry)]);
  return Buffer.concat([encodeCborHead(CBOR_MAP, value.size), ...entries]);
}

/** The initial byte (major type and length or value) with the shortest argument that holds it. */
function encodeCborHead(majorType: number, argument: number): Buffer {
  const major = majorType << 5;
  if (argument < 24) {
    return Buffer.of(major | argument);
  }
  if (argument < 0x100) {
    return Buffer.of(major | 24, argument);
  }
  if (argument < 0x10000) {
    return Buffer.concat([Buffer.of(major | 25), uint16BigEndian(argument)]);
  }
  if (argument < 0x100000000) {
    return Buffer.concat([Buffer.of(major | 26), uint32BigEndian(argument)]);
  }
  const bytes = Buffer.alloc(9);
  bytes[0] = major | 27;
  bytes.writeBigUInt64BE(BigInt(argument), 1);
  return bytes;
}

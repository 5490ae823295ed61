import { z } from 'zod';
import { PASSKEY_MESSAGES } from './passkey-messages.ts';
import { COINS } from './transaction-kinds.ts';

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MESSAGES.notVerified);

/** The extensions' outputs a browser may add; Vestora asks for none and keeps only these. */
const extensionResults = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});

/** A browser's answer to `navigator.credentials.get`, as `@simplewebauthn/browser` encodes it. */
export const AuthenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: extensionResults,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type AuthenticationResponse = z.infer<typeof AuthenticationResponseSchema>;

/** How the browser reaches an authenticator: kept with the passkey to offer it again. */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type PasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];

/** A browser's answer to `navigator.credentials.create`. */
export const RegistrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    // Browsers may name transports this list does not know yet; the server keeps the known ones.
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  clientExtensionResults: extensionResults,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** A passkey's signed answer to a challenge the server issued (`challengeId`) and keeps until used. */
export const PasskeyAssertionSchema = z.object(
  {
    challengeId: z.uuid({ message: PASSKEY_MESSAGES.confirmationExpired }),
    response: AuthenticationResponseSchema,
  },
  { message: PASSKEY_MESSAGES.notVerified },
);
export type PasskeyAssertion = z.infer<typeof PasskeyAssertionSchema>;

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.enum(PASSKEY_TRANSPORTS)).optional(),
});

/** What `navigator.credentials.get` is asked (WebAuthn's PublicKeyCredentialRequestOptions, encoded). */
export const PasskeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
});

/** What `navigator.credentials.create` is asked. */
export const PasskeyCreationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** A challenge the server keeps for one use, with what the browser is to be asked. */
export const PasskeyChallengeSchema = z.object({
  challengeId: z.string(),
  options: PasskeyRequestOptionsSchema,
});
export type PasskeyChallenge = z.infer<typeof PasskeyChallengeSchema>;

export const PasskeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Kept in a synced store (a password manager, iCloud Keychain), so it survives a lost device. */
  isSynced: z.boolean(),
  /** Turned off after a copy of it was used (its counter went backwards); remove it and add it again. */
  isDisabled: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

const passkeyName = z
  .string({ message: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(60, PASSKEY_MESSAGES.nameRequired);

/**
 * Who is at the keyboard, proven again: the password (and code when two-factor sign-in is on) or a
 * passkey assertion for a `reauthenticate` challenge. Either alone suffices; the service checks.
 */
export const IdentityProofSchema = z.object({
  password: z.string().max(200).optional(),
  code: z.string().trim().max(20).optional(),
  passkey: PasskeyAssertionSchema.optional(),
});
export type IdentityProofInput = z.input<typeof IdentityProofSchema>;

export const StartPasskeyRegistrationRequestSchema = IdentityProofSchema;

export const PasskeyRegistrationSchema = z.object({
  challengeId: z.string(),
  options: PasskeyCreationOptionsSchema,
});

export const AddPasskeyRequestSchema = z.object({
  challengeId: z.uuid({ message: PASSKEY_MESSAGES.confirmationExpired }),
  name: passkeyName,
  response: RegistrationResponseSchema,
});

/**
 * What a passkey is asked to confirm. A withdrawal's and an address's challenge commits to exactly
 * that request (the idea of Secure Payment Confirmation): an assertion made for one cannot carry
 * another, even from a page that was hijacked after the user looked at it.
 */
export const PasskeyChallengeRequestSchema = z.discriminatedUnion(
  'purpose',
  [
    z.object({ purpose: z.literal('reauthenticate') }),
    z.object({
      purpose: z.literal('withdrawal'),
      amount: z.unknown().optional(),
      method: z.unknown().optional(),
      address: z.unknown().optional(),
      addressId: z.unknown().optional(),
    }),
    z.object({
      purpose: z.literal('withdrawal-address'),
      coin: z.enum(COINS),
      address: z.string().trim().min(1).max(120),
      label: z.string().trim().max(60).default(''),
    }),
  ],
  { message: PASSKEY_MESSAGES.notVerified },
);
export type PasskeyChallengeRequest = z.input<typeof PasskeyChallengeRequestSchema>;

/** What the confirmation dialog shows: the exact request the passkey will sign for. */
export const PasskeyIntentSchema = z.object({
  purpose: z.enum(['reauthenticate', 'withdrawal', 'withdrawal-address']),
  coin: z.enum(COINS).optional(),
  address: z.string().optional(),
  amountCents: z.string().optional(),
  label: z.string().optional(),
  expiresAt: z.string(),
});
export type PasskeyIntent = z.infer<typeof PasskeyIntentSchema>;

export const PasskeySignInRequestSchema = z.object({
  passkey: PasskeyAssertionSchema,
  rememberMe: z.boolean().optional().default(false),
});

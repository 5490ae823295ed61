import { z } from 'zod';
import { STAFF_PERMISSIONS } from './staff.ts';

/**
 * Staff API keys (issue 32): a staff member's key for their own tools, holding a subset of their
 * permissions on the console's admin API. Sent as `Authorization: Bearer vst_…`, like a session token.
 */

/** What every key's secret starts with: how the server tells a key from a session token. */
export const API_KEY_PREFIX = 'vst_';

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** A key lives a year at most: it outlives the session that created it, not its owner's attention. */
export const API_KEY_MAX_DAYS = 365;
/** The lifetimes the console offers. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const API_KEY_MAX_RANGES = 20;
const NAME_MAX = 80;

export const API_KEY_MESSAGES = {
  nameRequired: `Name the key, up to ${NAME_MAX} characters.`,
  expiryRange: `A key expires in 1 to ${API_KEY_MAX_DAYS} days.`,
  permissionsRequired: 'Choose at least one permission for the key.',
  permissionUnknown: 'That permission does not exist.',
  rangeInvalid: 'Write each address range as an IPv4 or IPv6 address or CIDR range, e.g. 203.0.113.0/24.',
  tooManyRanges: `A key accepts at most ${API_KEY_MAX_RANGES} address ranges.`,
  created: 'API key created. Copy the secret now: it is not shown again.',
  revoked: 'API key revoked.',
  secretCopied: 'Secret copied.',
  alreadyRevoked: 'This API key is already revoked.',
  notFound: 'API key not found.',
  unknown: 'This API key is not valid.',
  expired: 'This API key has expired.',
  revokedKey: 'This API key has been revoked.',
  ownerInactive: "This API key's owner can no longer act as staff.",
  addressNotAllowed: 'This API key is not accepted from your address.',
  userRouteRefused: "An API key works only on the console's admin API, never on an account's own routes.",
  needsPerson: "An API key cannot do this: it needs a person's fresh confirmation.",
  cannotApprove: 'An API key can propose but never approve: a person must approve.',
} as const;

export function apiKeyPermissionNotHeldMessage(permissionLabel: string): string {
  return `You cannot give a key the permission to ${permissionLabel}: you do not hold it.`;
}

const ApiKeyRangeSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
  error: API_KEY_MESSAGES.rangeInvalid,
});

const ApiKeyRangesSchema = z
  .array(z.string({ error: API_KEY_MESSAGES.rangeInvalid }).trim().pipe(ApiKeyRangeSchema), {
    error: API_KEY_MESSAGES.rangeInvalid,
  })
  .max(API_KEY_MAX_RANGES, API_KEY_MESSAGES.tooManyRanges);

const ApiKeyFieldsSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(NAME_MAX, API_KEY_MESSAGES.nameRequired),
  expiresInDays: z
    .number({ error: API_KEY_MESSAGES.expiryRange })
    .int(API_KEY_MESSAGES.expiryRange)
    .min(1, API_KEY_MESSAGES.expiryRange)
    .max(API_KEY_MAX_DAYS, API_KEY_MESSAGES.expiryRange),
  permissions: z
    .array(z.enum(STAFF_PERMISSIONS, { error: API_KEY_MESSAGES.permissionUnknown }), {
      error: API_KEY_MESSAGES.permissionsRequired,
    })
    .min(1, API_KEY_MESSAGES.permissionsRequired)
    .max(STAFF_PERMISSIONS.length, API_KEY_MESSAGES.permissionUnknown),
  allowedRanges: ApiKeyRangesSchema,
});

export const CreateApiKeyRequestSchema = ApiKeyFieldsSchema.extend({
  allowedRanges: ApiKeyRangesSchema.default([]),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequestSchema>;

/**
 * The console's form: the lifetime chosen from a list, permissions ticked, ranges one per line (or
 * separated by commas), turned into the request the route takes. The ranges are checked as one
 * field, so their problem shows under it.
 */
export const ApiKeyFormSchema = z
  .object({
    name: z.string(),
    expiresInDays: z.string().transform(Number),
    permissions: z.array(z.string()),
    allowedRanges: z
      .string()
      .transform((text) => text.split(/[\s,]+/).filter((range) => range !== ''))
      .refine((ranges) => ranges.every((range) => ApiKeyRangeSchema.safeParse(range).success), {
        error: API_KEY_MESSAGES.rangeInvalid,
      })
      .refine((ranges) => ranges.length <= API_KEY_MAX_RANGES, { error: API_KEY_MESSAGES.tooManyRanges }),
  })
  .pipe(ApiKeyFieldsSchema);
export type ApiKeyForm = z.input<typeof ApiKeyFormSchema>;

export const ApiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The secret's first characters, to tell keys apart. */
  prefix: z.string(),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
  allowedRanges: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** A key's state as the console shows it. */
export function apiKeyStatusOf(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now: Date): string {
  if (key.revokedAt) return 'Revoked';
  return new Date(key.expiresAt) <= now ? 'Expired' : 'Active';
}

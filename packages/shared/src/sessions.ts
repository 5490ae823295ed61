import { z } from 'zod';
import { LOGIN_OUTCOMES } from './account.ts';

/** One signed-in device of an account, as its owner and the administrators see it. */
export const SessionInfoSchema = z.object({
  _id: z.string(),
  /** Browser and system read from the User-Agent at sign-in, e.g. 'Firefox on Windows'. */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** Kept to the minute: a request moves it only when it is over a minute old. */
  lastSeenAt: z.string(),
  /** The session making this request. */
  isCurrent: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** The administrators' acts on an account that bear on its safety, as the audit log names them. */
export const SECURITY_AUDIT_ACTIONS = [
  'user.suspend',
  'user.unsuspend',
  'user.role',
  'user.reset2fa',
  'user.endSessions',
] as const;
export type SecurityAuditAction = (typeof SECURITY_AUDIT_ACTIONS)[number];

/** A sign-in attempt on the account, or an administrator's security act on it; newest first. */
export const SecurityEventSchema = z.discriminatedUnion('source', [
  z.object({
    _id: z.string(),
    source: z.literal('signIn'),
    outcome: z.enum(LOGIN_OUTCOMES),
    ip: z.string(),
    device: z.string(),
    createdAt: z.string(),
  }),
  z.object({
    _id: z.string(),
    source: z.literal('admin'),
    action: z.enum(SECURITY_AUDIT_ACTIONS),
    actorName: z.string(),
    createdAt: z.string(),
  }),
]);
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

import { formatUtcTime } from './dates.ts';

/**
 * What the passkey screens and refusals say. Here rather than in MESSAGES, which every first page
 * downloads: the landing page never loads them; the pages that use passkeys and the console's
 * confirmation prompt do.
 */
export const PASSKEY_MESSAGES = {
  nameRequired: 'Give the passkey a name, up to 60 characters.',
  added: 'Passkey added.',
  removed: 'Passkey removed. Your other sessions have ended.',
  notFound: 'Passkey not found.',
  tooMany: 'You have the most passkeys an account can hold (10). Remove one first.',
  alreadyRegistered: 'This passkey is already registered.',
  confirmationExpired: 'The passkey confirmation expired or was already used. Try again.',
  confirmationMismatch: 'The passkey confirmation was for another request. Try again.',
  notVerified: 'The passkey could not be verified.',
  cloned:
    'This passkey was refused: its signature counter went backwards, which happens when a passkey was copied. Remove it and add it again; we e-mailed you.',
  unknownPasskey: 'This passkey is not registered on any account.',
  noPasskeys: 'Your account has no passkey yet. Add one under Settings, Security.',
  disabled:
    'This passkey was turned off after a copy of it was used. Remove it under Settings, Security, and add it again.',
  required: 'Confirm with your passkey.',
  cancelled: 'The passkey prompt was closed before it finished.',
  unsupported: 'This browser cannot use passkeys.',
  nothingSent: 'Nothing was sent.',
  withdrawalCancelled: 'Withdrawal cancelled: nothing was sent.',
} as const;

/**
 * A passkey added by password alone waits out the pause after a security change: whoever removed
 * the owner's passkeys (or changed the password) with a stolen password cannot add their own at once.
 */
export function passkeyAfterPauseMessage(until: Date): string {
  return `After a change to your account's security, a passkey can be added with your password from ${formatUtcTime(until)}.`;
}

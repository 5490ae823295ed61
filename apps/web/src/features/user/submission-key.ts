import { useRef } from 'react';
import { newIdempotencyKey } from '../../client/api.ts';

/**
 * Idempotency-Keys for a form that moves money, and a guard against a second click. Sending the same
 * thing again after a failure (a retry after a lost answer) reuses the key, so the server acts once;
 * anything changed gets a new key; after a success the key is dropped, so an identical new request
 * counts as new. The guard is a ref because a double-click lands before React re-renders the
 * disabled button.
 */
export function useSubmissionKey() {
  const last = useRef<{ parts: readonly unknown[]; key: string } | null>(null);
  const isRunning = useRef(false);
  return {
    /** The key to send `parts` with, or null while the previous submission is still running. */
    start(parts: readonly unknown[]): string | null {
      if (isRunning.current) return null;
      isRunning.current = true;
      const previous = last.current;
      const isSame =
        previous?.parts.length === parts.length &&
        previous.parts.every((part, index) => Object.is(part, parts[index]));
      const key = previous && isSame ? previous.key : newIdempotencyKey();
      last.current = { parts, key };
      return key;
    },
    finish(isSuccess: boolean): void {
      isRunning.current = false;
      if (isSuccess) last.current = null;
    },
  };
}

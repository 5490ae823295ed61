import { useRef } from 'react';
import { newIdempotencyKey } from '../../client/api.ts';

/**
 * One Idempotency-Key for everything an opened dialog sends. A retry after a lost answer replays
 * the first instead of moving money again, and a retry with changed input is refused by the server
 * rather than taken as new; the key is dropped when the dialog closes, so the next opening is a
 * new request.
 */
export function useDialogKey() {
  const key = useRef<string | null>(null);
  return {
    current(): string {
      key.current ??= newIdempotencyKey();
      return key.current;
    },
    drop(): void {
      key.current = null;
    },
  };
}

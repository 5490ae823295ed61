import type { TradeUser } from '@vestora/shared';
import { useSyncExternalStore } from 'react';

/** The specification keeps the client session in local storage under this key. */
const STORAGE_KEY = 'root';

export interface Session {
  token: string;
  tradeUser: TradeUser;
}

const listeners = new Set<() => void>();
let current: Session | null = readStoredSession();

function readStoredSession(): Session | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return isSession(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * A light shape check: the stored record is only a cache of the server's answer, refreshed on the
 * overview, so anything with a token and a user id is worth trying (a stale token gets a 401).
 */
function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const { token, tradeUser } = value as { token?: unknown; tradeUser?: { _id?: unknown } };
  return typeof token === 'string' && token !== '' && typeof tradeUser?._id === 'string';
}

function publish(next: Session | null): void {
  current = next;
  if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function startSession(session: Session): void {
  publish(session);
}

/** Replaces the stored record with a fresher one from the server, keeping the token. */
export function updateSessionUser(tradeUser: TradeUser): void {
  if (current) publish({ ...current, tradeUser });
}

export function clearSession(): void {
  publish(null);
}

/** Survives the redirect (and a reload of /signin), not the tab: the notice concerns this visit. */
const ENDED_KEY = 'vestora.sessionEnded';

/**
 * Drops a session the server no longer honours (signed out elsewhere, a password change, expiry) and
 * leaves a note for the sign-in page, which otherwise could not tell why the person landed there.
 */
export function endRefusedSession(refusedToken: string): void {
  // A late answer to a call of an earlier session (signed out, then in again) ends nothing.
  if (getSession()?.token !== refusedToken) return;
  sessionStorage.setItem(ENDED_KEY, '1');
  publish(null);
}

/** Whether the last session ended on the server's word. */
export function hasSessionEndedNote(): boolean {
  return sessionStorage.getItem(ENDED_KEY) === '1';
}

/** The sign-in page has shown the note: a later visit of it does not repeat it. */
export function dismissSessionEndedNote(): void {
  sessionStorage.removeItem(ENDED_KEY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes what this tab may show. (The build's prerender runs this
// module without a window.)
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) {
      current = readStoredSession();
      for (const listener of listeners) listener();
    }
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}

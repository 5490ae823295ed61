/**
 * Vestora's service worker, built to /sw.js (apps/web/build/service-worker-plugin.ts). It makes the
 * app installable and keeps three promises:
 * - a page that cannot be reached shows the offline page, never a stored copy of a page (the next
 *   person on a shared phone must not see the last one's balances);
 * - no API answer and nothing from another origin is ever stored: they hold a person's data;
 * - the first visit downloads nothing more than before: only the offline page is fetched at install,
 *   and the app's content-hashed files are kept as the browser asks for them.
 */
import type { PushMessage } from '@vestora/shared';

declare const self: ServiceWorkerGlobalScope;
/** Replaced at build time by a hash of the build, so each release installs afresh and clears the last. */
declare const SERVICE_WORKER_VERSION: string;

const CACHE_NAME = `vestora-${SERVICE_WORKER_VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const PRECACHED = [OFFLINE_PAGE, '/offline.js'];
/** Vite names these files by their content: a stored copy is right for as long as its name is asked for. */
const IMMUTABLE_PREFIX = '/assets/';
const NOTIFICATION_ICON = '/icons/icon-192.png';
const NOTIFICATION_BADGE = '/icons/badge-96.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      await cache.addAll(PRECACHED);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE_NAME).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && request.destination === 'document') {
    event.respondWith(networkOrOfflinePage(request));
  } else if (url.pathname.startsWith(IMMUTABLE_PREFIX) || PRECACHED.includes(url.pathname)) {
    event.respondWith(cachedOrFetched(event));
  }
  // Anything else (the API above all) goes to the network as if there were no worker.
});

async function networkOrOfflinePage(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const offlinePage = await caches.match(OFFLINE_PAGE, { cacheName: CACHE_NAME });
    if (offlinePage) return offlinePage;
    throw error;
  }
}

async function cachedOrFetched(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

self.addEventListener('push', (event) => {
  if (!event.data) return;
  const message: PushMessage = event.data.json();
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      tag: message.tag,
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(appUrl(event.notification.data)));
});

/** The page a notification opens: a path of this app, or its home when the message names anything else. */
function appUrl(data: unknown): string {
  const path = typeof data === 'object' && data !== null && 'url' in data ? String(data.url) : '/';
  const url = new URL(path, self.location.origin);
  return url.origin === self.location.origin ? url.href : self.location.origin;
}

/** Brings an open window of the app to the front on `url`, or opens one. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows[0];
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await open.focus();
  await focused.navigate(url);
}

import { deletePushSubscriptionRoute } from '@vestora/shared/routes';
import { callApi } from '../client/api.ts';

/** This browser's push subscription, if it has one: none without a service worker registered yet. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * At sign-out: the browser stops receiving the account's notifications, so the next person on a
 * shared phone is not told of the last one's deposits. The server forgets it first, while the
 * session still counts; an unreachable server leaves it a subscription no browser answers, which
 * the push service then reports gone.
 */
export async function forgetThisBrowsersPushes(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await callApi(deletePushSubscriptionRoute, { body: { endpoint: subscription.endpoint } }).catch(
    () => undefined,
  );
  await subscription.unsubscribe();
}

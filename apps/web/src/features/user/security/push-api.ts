import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf, ContractOf } from '@vestora/shared';
import {
  createPushSubscriptionRoute,
  deletePushSubscriptionRoute,
  pushPreferencesRoute,
  pushPublicKeyRoute,
  setPushPreferencesRoute,
} from '@vestora/shared/routes';
import toast from 'react-hot-toast';
import { ApiError, callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { currentPushSubscription } from '../../../shell/push-device.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

const CHOICES_KEY = queryKeyOf(pushPreferencesRoute);

/** What this browser can do about pushes, and whether it does. */
export type DevicePushState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * Whether this browser gets pushes. A subscription it holds is sent again, so that "on" is true
 * for the person signed in now: the server gives a browser to whoever sent it last.
 */
export async function readDevicePushState(): Promise<DevicePushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await currentPushSubscription();
  if (!subscription) return 'off';
  await sendSubscription(subscription);
  return 'on';
}

function sendSubscription(subscription: PushSubscription) {
  const { endpoint = '', keys = {} } = subscription.toJSON();
  const body: BodyInputOf<ContractOf<typeof createPushSubscriptionRoute>> = {
    endpoint,
    keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' },
  };
  return callApi(createPushSubscriptionRoute, { body });
}

function bytesOfBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Asks the browser's permission, subscribes it with the server's key and sends the subscription.
 * Answers the state it ends in: permission refused leaves it blocked (or off, when only dismissed).
 */
async function turnOnPushes(): Promise<{ message: string | null; state: DevicePushState }> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { message: null, state: permission === 'denied' ? 'blocked' : 'off' };
  const { data } = await callApi(pushPublicKeyRoute);
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: bytesOfBase64url(data.publicKey),
  });
  const { message } = await sendSubscription(subscription);
  return { message, state: 'on' };
}

/** Forgets the browser on the server (another account's, or one already gone, is no matter), then unsubscribes it. */
async function turnOffPushes(): Promise<{ message: string | null; state: DevicePushState }> {
  const subscription = await currentPushSubscription();
  if (!subscription) return { message: null, state: 'off' };
  const answer = await callApi(deletePushSubscriptionRoute, {
    body: { endpoint: subscription.endpoint },
  }).catch((failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 404) return { message: null };
    throw failure;
  });
  await subscription.unsubscribe();
  return { message: answer.message, state: 'off' };
}

/** Turns pushes on (true) or off for this browser; the server's answer is toasted, a refusal is not. */
export function useTogglePushes() {
  return useMutation({
    mutationFn: (isOn: boolean) => (isOn ? turnOnPushes() : turnOffPushes()),
    onSuccess: ({ message }) => {
      if (message) toast.success(message);
    },
  });
}

export function usePushChoices() {
  return useQuery(routeQuery(pushPreferencesRoute));
}

export function useSetPushChoices() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof setPushPreferencesRoute>>) =>
      callApi(setPushPreferencesRoute, { body }),
    onSuccess: (answer) => queryClient.setQueryData(CHOICES_KEY, { data: answer.data }),
  });
}

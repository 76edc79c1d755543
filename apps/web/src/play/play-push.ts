import type { TPushKey } from '@rally/domain';
import { playFetch } from './play-api';

/** The /play service worker (public/play/sw.js): shows pushes, opens the inbox on a click. */
const SW_URL = '/play/sw.js';
const SW_SCOPE = '/play/';

export type TPushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Registers the service worker (also what makes /play installable); harmless when already registered. */
export async function registerPlayServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE });
  } catch {
    return null;
  }
}

export async function pushState(): Promise<TPushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration(SW_SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * Asks the browser for permission (this must follow a click), subscribes this device at its push service with the
 * server's VAPID key and gives the subscription to the server. Answers the state it ends in.
 */
export async function enablePush(language: string): Promise<TPushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = (await registerPlayServiceWorker()) ?? (await navigator.serviceWorker.getRegistration(SW_SCOPE));
  if (!registration) return 'unsupported';
  await navigator.serviceWorker.ready;
  const { publicKey } = await playFetch<TPushKey>('/notifications/push-key');
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription)
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const json = subscription.toJSON();
  await playFetch('/notifications/push-subscriptions', {
    body: { endpoint: json.endpoint, keys: { p256dh: json.keys?.['p256dh'], auth: json.keys?.['auth'] }, language },
  });
  return 'on';
}

/** Unsubscribes this device, here and at the server. */
export async function disablePush(): Promise<TPushState> {
  if (!pushSupported()) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration(SW_SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await playFetch('/notifications/push-subscriptions/remove', { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}

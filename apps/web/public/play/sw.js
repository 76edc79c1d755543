/* global self */
/* The /play service worker (decision 0026): written by hand, not generated — it shows Web Push notifications and
 * opens the inbox when one is clicked; it caches nothing (the participant app always talks to the live API). */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The server sends {id, kind, title, body, url}, encrypted for this browser (RFC 8291).
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: 'Rally', body: event.data ? event.data.text() : '' };
  }
  const title = message.title || 'Rally';
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, {
        body: message.body || '',
        icon: '/play/icon-192.png',
        badge: '/play/icon-192.png',
        // One notification per inbox item: a repeated push replaces it instead of stacking.
        tag: message.id ? `rally-${message.id}` : undefined,
        data: { url: message.url || '/play/inbox' },
      }),
      // An open /play tab refreshes its inbox at once.
      self.clients.matchAll({ type: 'window' }).then((windows) => windows.forEach((w) => w.postMessage({ type: 'rally-push', message }))),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/play/inbox';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/play'));
      if (open) return open.navigate(url).then((w) => (w || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});

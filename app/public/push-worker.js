// Reminders by Web Push (issue 30), loaded into the Workbox service worker with importScripts
// (vite.config.ts). The server sends { title, body, url } (no answers, drafts or recordings);
// a click focuses a window already on that page of this app, or opens one.
/* global self, clients, URL */
(function () {
  var ICON = '/icons/icon-192.png';

  /** Only pages of this app are opened, whatever a payload says. */
  function sameOriginPath(raw) {
    try {
      var url = new URL(raw || '/', self.location.origin);
      return url.origin === self.location.origin ? url.href : self.location.origin + '/';
    } catch (e) {
      return self.location.origin + '/';
    }
  }

  self.addEventListener('push', function (event) {
    var payload = {};
    try {
      payload = event.data ? event.data.json() : {};
    } catch (e) {
      payload = { body: event.data ? event.data.text() : '' };
    }
    var title = typeof payload.title === 'string' && payload.title ? payload.title : 'Skillway';
    event.waitUntil(
      self.registration.showNotification(title, {
        body: typeof payload.body === 'string' ? payload.body : '',
        icon: ICON,
        // One notification per kind: a newer one replaces the older instead of piling up.
        tag: typeof payload.tag === 'string' ? payload.tag : undefined,
        data: { url: sameOriginPath(payload.url) },
      }),
    );
  });

  self.addEventListener('notificationclick', function (event) {
    event.notification.close();
    var target = sameOriginPath(event.notification.data && event.notification.data.url);
    event.waitUntil(
      clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
        for (var i = 0; i < windows.length; i++) {
          if (windows[i].url === target && 'focus' in windows[i]) return windows[i].focus();
        }
        // A window on another page is left as it is (the learner may be mid-quiz there).
        return clients.openWindow(target);
      }),
    );
  });
})();

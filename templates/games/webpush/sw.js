/* The site's service worker (served at /sw.js, scope "/"): shows the notifications the site pushes
   (games/webpush/services.py) and opens their page when one is clicked. It handles no fetch: the site works
   exactly as without it. */
"use strict";

const ICON = {{ icon|safe }};
const BADGE = {{ badge|safe }};

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

// Only this site's pages are opened: anything else in a message leads to the home page.
function sameSiteUrl(url) {
  try {
    const target = new URL(url || "/", self.location.origin);
    if (target.origin === self.location.origin) return target.href;
  } catch (error) { /* not a URL */ }
  return self.location.origin + "/";
}

self.addEventListener("push", function (event) {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = { body: event.data ? event.data.text() : "" };
  }
  if (!message || typeof message !== "object") message = {};
  const options = {
    body: typeof message.body === "string" ? message.body : "",
    icon: ICON,
    badge: BADGE,
    data: { url: sameSiteUrl(message.url) },
  };
  if (typeof message.tag === "string" && message.tag) {
    options.tag = message.tag;
    options.renotify = true;
  }
  const title = typeof message.title === "string" && message.title ? message.title : self.location.host;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  const target = sameSiteUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    const open = windows.find(function (client) { return client.url === target && "focus" in client; });
    return open ? open.focus() : self.clients.openWindow(target);
  }));
});

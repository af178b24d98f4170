/* "Allow notifications on this device" (templates/games/webpush/_device_toggle.html): registers the service worker
   (/sw.js), asks the browser for permission and a push subscription with the site's VAPID key, and sends it to the
   server; "Turn off on this device" withdraws it on both sides. The browser's own permission prompt is the only
   dialog; what happens is said in the panel's status line. */
(function () {
  "use strict";
  const root = document.querySelector("[data-push-device]");
  if (!root || !root.dataset.publicKey) return;  // Web Push is off on this site: the panel already says so
  const status = root.querySelector("[data-push-status]");
  const allow = root.querySelector("[data-push-allow]");
  const off = root.querySelector("[data-push-off]");
  const token = root.querySelector("input[name=csrfmiddlewaretoken]");
  let registration = null;

  // state: "checking", "off", "on", "busy", "blocked", "unsupported" (styles and tests read data-state)
  function show(state, text) {
    root.dataset.state = state;
    status.textContent = text;
    allow.hidden = state !== "off";
    off.hidden = state !== "on";
    allow.disabled = off.disabled = false;
  }

  function keyBytes(base64url) {
    const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(window.atob(base64), function (c) { return c.charCodeAt(0); });
  }

  function sameKey(subscription) {
    const key = subscription.options && subscription.options.applicationServerKey;
    if (!key) return true;  // the browser does not tell: assume it is ours
    const mine = keyBytes(root.dataset.publicKey);
    const theirs = new Uint8Array(key);
    return theirs.length === mine.length && theirs.every(function (b, i) { return b === mine[i]; });
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": token ? token.value : "" },
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (!response.ok) throw new Error(answer.error || gettext("The site did not answer: try again."));
        return answer;
      });
    });
  }

  // A browser whose push service cannot be reached may never settle its subscribe(): say so instead of waiting.
  function within(promise, seconds) {
    return Promise.race([promise, new Promise(function (resolve, reject) {
      setTimeout(function () { reject(new Error(gettext("your browser's push service did not answer"))); }, seconds * 1000);
    })]);
  }

  function showOn() { show("on", gettext("Notifications are on for this device.")); }
  function showOff() { show("off", gettext("Notifications are off for this device.")); }
  function showBlocked() {
    show("blocked", gettext("Notifications are blocked for this site in your browser: allow them in the browser's site settings, then come back here."));
  }

  function failed(error) {
    const text = error && error.message ? error.message : String(error);
    show("off", interpolate(gettext("That did not work: %s"), [text]));
  }

  function turnOn() {
    allow.disabled = true;
    show("busy", gettext("Waiting for your browser…"));
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") {
        if (permission === "denied") showBlocked(); else showOff();
        return null;
      }
      return registration.pushManager.getSubscription().then(function (existing) {
        if (existing && !sameKey(existing)) return existing.unsubscribe().then(function () { return null; });
        return existing;
      }).then(function (existing) {
        return existing || within(registration.pushManager.subscribe({
          userVisibleOnly: true, applicationServerKey: keyBytes(root.dataset.publicKey) }), 30);
      }).then(function (subscription) {
        return post(root.dataset.subscribe, subscription.toJSON());
      }).then(showOn);
    }).catch(failed);
  }

  function turnOff() {
    off.disabled = true;
    show("busy", gettext("Turning notifications off…"));
    registration.pushManager.getSubscription().then(function (subscription) {
      if (!subscription) return null;
      const endpoint = subscription.endpoint;
      return subscription.unsubscribe().then(function () { return post(root.dataset.unsubscribe, { endpoint: endpoint }); });
    }).then(showOff).catch(failed);
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    show("unsupported", gettext("This browser cannot get notifications from the site. On an iPhone or iPad, add the site to your home screen first, then open it from there."));
    return;
  }
  allow.addEventListener("click", turnOn);
  off.addEventListener("click", turnOff);
  navigator.serviceWorker.register(root.dataset.worker, { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (ready) {
    registration = ready;
    root.dataset.workerReady = "yes";
    if (Notification.permission === "denied") { showBlocked(); return null; }
    return registration.pushManager.getSubscription().then(function (subscription) {
      if (!subscription || Notification.permission !== "granted" || !sameKey(subscription)) { showOff(); return null; }
      // Subscribed in this browser: tell the server again (it may have dropped it, or another account had it).
      return post(root.dataset.subscribe, subscription.toJSON()).then(showOn);
    });
  }).catch(failed);
})();

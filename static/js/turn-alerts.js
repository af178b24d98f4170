/* Telling a player whose tab is in the background that the game waits for them: the title changes and
   blinks, an optional short sound plays, and a browser notification appears if the player allowed it.
   Settings live in localStorage; nothing here talks to the server. */
(function () {
  "use strict";
  const KEYS = { sound: "turn-alert-sound", notify: "turn-alert-notify", confirm: "confirm-expensive" };
  const baseTitle = document.title;
  let blinking = null;
  let wasMine = false;
  let audio = null;

  function setting(name, fallback) {
    try {
      const value = window.localStorage.getItem(KEYS[name]);
      return value === null ? fallback : value === "1";
    } catch (e) { return fallback; }
  }

  function store(name, on) {
    try { window.localStorage.setItem(KEYS[name], on ? "1" : "0"); } catch (e) { /* private mode: not kept */ }
  }

  function stopBlinking() {
    if (blinking) { clearInterval(blinking); blinking = null; }
    document.title = baseTitle;
  }

  function startBlinking(text) {
    stopBlinking();
    let on = true;
    document.title = "🔔 " + text;
    blinking = setInterval(function () {
      on = !on;
      document.title = on ? "🔔 " + text : baseTitle;
    }, 1000);
  }

  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start();
      oscillator.stop(audio.currentTime + 0.4);
    } catch (e) { /* no audio here */ }
  }

  function notify(text) {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    try {
      const note = new Notification(text, { body: baseTitle, tag: "your-turn" });
      note.onclick = function () { window.focus(); note.close(); };
    } catch (e) { /* some browsers only notify from a service worker */ }
  }

  // `mine`: the game waits for this player now; `text`: what to say ("Your turn", "A card asks you to choose").
  function update(mine, text) {
    if (mine && !wasMine) {
      if (document.hidden) {
        startBlinking(text);
        if (setting("sound", false)) beep();
        if (setting("notify", false)) notify(text);
      }
    }
    if (!mine) stopBlinking();
    wasMine = mine;
  }

  document.addEventListener("visibilitychange", function () { if (!document.hidden) stopBlinking(); });
  window.addEventListener("focus", stopBlinking);

  function wire(id, name, fallback, onChange) {
    const box = document.getElementById(id);
    if (!box) return;
    box.checked = setting(name, fallback);
    box.addEventListener("change", function () {
      store(name, box.checked);
      if (onChange) onChange(box);
    });
  }

  wire("setting-sound", "sound", false, function (box) { if (box.checked) beep(); });
  wire("setting-notify", "notify", false, function (box) {
    if (!box.checked || !("Notification" in window)) return;
    if (Notification.permission === "default") {
      Notification.requestPermission().then(function (answer) {
        if (answer !== "granted") { box.checked = false; store("notify", false); }
      });
    } else if (Notification.permission === "denied") {
      box.checked = false;
      store("notify", false);
      if (window.Dom) Dom.toast(gettext("Notifications are blocked for this site in your browser's settings."));
    }
  });
  wire("setting-confirm", "confirm", true);

  window.TurnAlerts = { update: update };
})();

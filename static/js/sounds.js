/* Short sounds of the moves, synthesized with the Web Audio API (no audio files): dice, coin, card, landmark,
   your turn. The audio context is made on the player's first click or key (browsers let a page play sound only
   after a gesture); until then nothing plays. "Sounds of moves" in the game page's settings mutes them; the
   choice stays in localStorage ("move-sounds"). Independent of reduced motion: a sound does not move. */
(function () {
  "use strict";
  const KEY = "move-sounds";
  const VOLUME = 0.12;
  let audio = null;

  function enabled() {
    try { return window.localStorage.getItem(KEY) !== "0"; } catch (e) { return true; }
  }

  function wake() {
    if (audio) { if (audio.state === "suspended") audio.resume(); return; }
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try { audio = new Context(); } catch (e) { audio = null; }
  }
  ["pointerdown", "keydown"].forEach(function (type) { document.addEventListener(type, wake, { capture: true }); });

  // One short tone: `type` oscillator at `freq` Hz (sliding to `to`), starting `at` s from now, `length` s long.
  function tone(freq, at, length, type, to, level) {
    const start = audio.currentTime + at;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = type || "sine";
    oscillator.frequency.setValueAtTime(freq, start);
    if (to) oscillator.frequency.exponentialRampToValueAtTime(to, start + length);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(VOLUME * (level || 1), start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + length + 0.02);
  }

  // A burst of filtered noise: the dice knocking on the table.
  function knock(at, length) {
    const frames = Math.floor(audio.sampleRate * length);
    const buffer = audio.createBuffer(1, frames, audio.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / frames, 3);
    const source = audio.createBufferSource();
    const filter = audio.createBiquadFilter();
    const gain = audio.createGain();
    source.buffer = buffer;
    filter.type = "bandpass";
    filter.frequency.value = 1800 + Math.random() * 1200;
    gain.gain.value = VOLUME * 2.5;
    source.connect(filter).connect(gain).connect(audio.destination);
    source.start(audio.currentTime + at);
  }

  const SOUNDS = {
    dice: function () { [0, 0.07, 0.15, 0.26, 0.34].forEach(function (at) { knock(at, 0.05); }); },
    coin: function () { tone(1320, 0, 0.09, "triangle", null, 0.8); tone(1980, 0.06, 0.18, "triangle", null, 0.6); },
    card: function () { tone(420, 0, 0.12, "sine", 220, 0.9); },
    landmark: function () { [523, 659, 784, 1047].forEach(function (f, i) { tone(f, i * 0.1, i === 3 ? 0.45 : 0.16, "triangle"); }); },
    turn: function () { tone(660, 0, 0.16, "sine"); tone(880, 0.14, 0.26, "sine"); },
  };

  // Play the sound `name` if sounds are on and the player has already touched the page.
  function play(name) {
    if (!audio || !enabled() || !SOUNDS[name] || document.hidden) return;
    try { SOUNDS[name](); } catch (e) { /* audio unavailable: silence */ }
  }

  const box = document.getElementById("setting-move-sounds");
  if (box) {
    box.checked = enabled();
    box.addEventListener("change", function () {
      try { window.localStorage.setItem(KEY, box.checked ? "1" : "0"); } catch (e) { /* private mode: not kept */ }
      if (box.checked) { wake(); play("coin"); }
    });
  }

  window.Sounds = { play: play, enabled: enabled };
})();

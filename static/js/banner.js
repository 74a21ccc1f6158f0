// Banners every page shares: the full-width one when the server is lost
// (with the page's controls paused until it is back), and the duty banner
// that says, and buzzes, when this phone owes something or it is its turn.
// Any game page uses them: connectionBanner() as its Conn's state handler,
// duty(text) whenever it knows what its player owes.

import { h, vibrate } from "./ui.js";

// useAids loads the stylesheet of the shared aids once, so a page that
// imports a module needs no <link> of its own.
export function useAids() {
  if (document.querySelector("link[data-aids]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/css/aids.css", "data-aids": "1" }));
  watchBar();
}

// watchBar keeps --bar-h, the height of the sticky top bar (taller with a
// duty banner in it), on the page's root: the page's own scrolls stop
// below it (scroll-padding-top) and a line that must stay readable sticks
// under it, never behind it.
function watchBar() {
  const bar = document.querySelector(".topbar");
  if (!bar || typeof ResizeObserver === "undefined") return;
  const set = () => document.documentElement.style.setProperty("--bar-h", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
  new ResizeObserver(set).observe(bar);
  set();
}

// connectionBanner returns a Conn state handler (state, attempt) that
// shows the lost-server banner. The first connection of a page is not a
// loss: the banner waits until the page was online once or a retry failed.
export function connectionBanner(opts = {}) {
  useAids();
  let wasOnline = false;
  let el = null;
  return function onState(state, attempt = 0) {
    if (state === "online") {
      wasOnline = true;
      el?.remove();
      el = null;
      document.body.classList.remove("paused");
      document.body.dataset.conn = "online";
      return;
    }
    document.body.dataset.conn = state;
    if (!wasOnline && attempt < 1) return;
    if (!el) {
      el = h("div", { class: "conn-banner", id: "conn-banner", role: "alert" });
      document.body.prepend(el);
    }
    document.body.classList.add("paused");
    const trying = state === "connecting" ? "Reconnecting…" : `Trying again${attempt > 1 ? ` (try ${attempt})` : ""}…`;
    el.replaceChildren(h("span", { class: "grow" },
      "Lost the game server. Controls are paused.",
      h("span", { class: "small" }, `${trying} ${opts.hint || "Is this phone on the game's Wi-Fi, and is Periscope still running on the host's computer?"} Nothing you did is lost.`)));
  };
}

// Duty: one banner in the top bar. A new duty buzzes the phone (a pattern
// unlike the long one of a hit) and, when the sound is on, beeps.
let dutyEl = null;
let dutyKey = "";

// duty shows text as what this phone owes now ("" clears it). key says
// which duty it is: the phone buzzes only when the key changes to a new
// duty, not on every redraw. quiet banners (waiting for others) never buzz.
export function duty(text, key = text, opts = {}) {
  useAids();
  const bar = document.querySelector(".topbar") || document.body;
  if (!text) {
    dutyEl?.remove();
    dutyEl = null;
    dutyKey = "";
    return;
  }
  if (!dutyEl || !dutyEl.isConnected) {
    dutyEl = h("div", { class: "duty-banner", id: "duty-banner", role: "status", "aria-live": "assertive" });
    bar.append(dutyEl);
  }
  dutyEl.textContent = text;
  dutyEl.classList.toggle("quiet", !!opts.quiet);
  dutyEl.dataset.quiet = String(!!opts.quiet);
  if (key !== dutyKey) {
    dutyKey = key;
    if (!opts.quiet) {
      vibrate([120, 80, 120]);
      if (soundOn()) beep();
    }
  }
}

const SOUND = "periscope.sound";

// soundOn says whether this screen beeps on a new duty or turn.
export function soundOn() {
  try {
    return localStorage.getItem(SOUND) === "on";
  } catch {
    return false;
  }
}

let audio = null;

// beep plays a short soft two-tone chime (about a third of a second).
export function beep() {
  try {
    audio = audio || new AudioContext();
    const t = audio.currentTime;
    [[660, 0], [880, 0.14]].forEach(([f, at]) => {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t + at);
      g.gain.exponentialRampToValueAtTime(0.25, t + at + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.16);
      o.connect(g).connect(audio.destination);
      o.start(t + at);
      o.stop(t + at + 0.18);
    });
  } catch {
    // No audio here: the banner and the buzz still say it.
  }
}

// soundToggle is a button that turns the beep on and off for this screen
// (the tap also unlocks audio, which browsers allow only after a gesture).
export function soundToggle() {
  const btn = h("button", { class: "sound-btn", id: "sound", type: "button" });
  const draw = () => {
    const on = soundOn();
    btn.textContent = on ? "🔔 Sound on" : "🔕 Sound off";
    btn.setAttribute("aria-pressed", String(on));
  };
  btn.addEventListener("click", () => {
    try {
      localStorage.setItem(SOUND, soundOn() ? "off" : "on");
    } catch {
      // Without storage the choice is not kept.
    }
    draw();
    if (soundOn()) beep();
  });
  draw();
  return btn;
}

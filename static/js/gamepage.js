// The plumbing the pocket games' pages share: the connection to the room
// with its commands (a refusal shown in the server's own words), taking a
// seat, the order in which the room's messages are shown, the waiting
// room's place on the page, and the event log's helpers. Each game keeps
// its own rendering; gamePage wires it to the room.

import { Conn, badge } from "./net.js";
import { seatToken, rememberSeat, forgetSeat, api } from "./room.js";
import { h, replace, vibrate, refusal } from "./ui.js";
import { nameField } from "./gamelobby.js";

const $ = (id) => document.getElementById(id);

export const reduced = matchMedia("(prefers-reduced-motion: reduce)");

// gamePage gives app (which holds code, seat, lobby, view, error and
// lobbyError) its send, host, take, render and handlers, and returns
// start, which connects (to the seat in the URL unless spectating) and
// draws the page.
//
// opts.render draws the page; opts.show takes a welcome or update once
// app.seat and app.lobby hold a welcome's; opts.paced shows the messages
// one at a time, each held for as long (ms) as show returns; opts.sent
// runs after a command the room accepted; opts.state hears the connection's
// state besides its badge.
export function gamePage(app, opts) {
  const { render, paced } = opts;
  app.render = render;

  app.send = async (cmd) => {
    app.error = "";
    app.busy = true;
    render();
    try {
      await app.conn.send(cmd);
      if (opts.sent) opts.sent();
    } catch (e) {
      // The refusal in the server's own words, next to the controls,
      // with its rule's code (app.refusalBox).
      app.error = e.message;
      app.errorRule = e.rule ? { for: e.message, rule: e.rule } : null;
      vibrate(120);
    } finally {
      app.busy = false;
      render();
    }
  };

  // refusalBox is the page's refusal, dismissable: the words, and the
  // rule's code when the server refused (a page's own hints have none).
  app.refusalBox = () => {
    if (!app.error) return null;
    const rule = app.errorRule && app.errorRule.for === app.error ? app.errorRule.rule : "";
    return refusal(app.error, () => { app.error = ""; render(); }, rule);
  };

  app.host = async (action, extra) => {
    app.lobbyError = "";
    try {
      await app.conn.host(action, extra);
    } catch (e) {
      app.lobbyError = e.message;
    }
    render();
  };

  app.take = async (seat, name) => {
    app.lobbyError = "";
    try {
      const res = await api("POST", `/api/rooms/${encodeURIComponent(app.code)}/seats`, { seat, name });
      rememberSeat(app.code, res.seat, res.token, name);
      const url = new URL(location.href);
      url.searchParams.set("seat", String(res.seat));
      history.replaceState(null, "", url);
      app.seat = res.seat;
      app.lobby = res.room;
      connectWith(seatToken(app.code, res.seat));
    } catch (e) {
      app.lobbyError = e.message;
      render();
    }
  };

  function connectWith(held) {
    if (app.conn) app.conn.stop();
    app.token = held ? held.token : "";
    app.tokenSeat = held ? held.seat : -1;
    if (paced) app.queue = [];
    app.conn = new Conn(app.code, app.token, app.handlers).start();
  }

  function show(msg) {
    if (msg.t === "welcome") {
      app.seat = msg.seat;
      if (msg.room) app.lobby = msg.room;
    }
    return opts.show(msg);
  }

  // enqueue shows messages in order. An opponent's actions are held on
  // screen for a moment each, so a bot's turn is seen step by step
  // instead of in one jump.
  function enqueue(msg) {
    app.queue.push(msg);
    if (!app.showing) drain();
  }

  async function drain() {
    app.showing = true;
    while (app.queue.length) {
      const msg = app.queue.shift();
      const pause = show(msg);
      // Hold even when nothing is queued yet: the room's next update is
      // usually still on the wire.
      if (pause > 0 && !reduced.matches) {
        render();
        // app.wake cuts the hold short (a tap that skips the turn).
        await new Promise((ok) => {
          const t = setTimeout(ok, pause);
          app.wake = () => { clearTimeout(t); ok(); };
        });
        app.wake = null;
      }
    }
    app.showing = false;
    render();
  }

  const take = paced ? enqueue : show;
  app.handlers = {
    welcome: (msg) => take(msg),
    update: (msg) => take(msg),
    room: (l) => {
      app.lobby = l;
      render();
    },
    state: (state, attempt) => {
      badge($("conn"), state, attempt);
      if (opts.state) opts.state(state, attempt);
    },
    fatal: (message) => {
      if (app.token) {
        // The seat was freed by the host: carry on watching.
        forgetSeat(app.code, app.tokenSeat);
        app.lobbyError = message;
        app.seat = -1;
        setTimeout(() => connectWith(null), 0);
      } else {
        app.lobbyError = message;
      }
      render();
    },
    notice: (message) => {
      app.error = message;
      render();
    },
  };

  // start connects to the room, to the seat the URL names unless the page
  // only watches (the table screen holds no seat, even where this browser
  // took one), and draws the page.
  return function start(watch = false) {
    const wanted = new URLSearchParams(location.search).get("seat");
    if (app.code) connectWith(watch ? null : seatToken(app.code, wanted));
    render();
  };
}

// waitingRoom shows the lobby or the match and reports whether the page is
// in the lobby, drawn by lobby(app) in two parts around the name box. The
// name box is built once: re-rendering it would take its focus. Once the
// match is on, the lobby's parts leave: its primer's picture is drawn by
// the game's own board code, and must not stand beside the live board.
export function waitingRoom(app, waiting, lobby) {
  $("lobby").classList.toggle("hidden", !waiting);
  $("play").classList.toggle("hidden", waiting || !app.view);
  if (waiting) {
    const showName = !!app.lobby && app.seat < 0;
    if (showName && !$("name-field")) $("name-slot").append(nameField(app));
    if (!showName && $("name-field")) $("name-field").remove();
    const parts = lobby(app);
    replace($("lobby-top"), parts.top);
    replace($("lobby-seats"), parts.seats);
    return true;
  }
  if ($("name-field")) $("name-field").remove();
  if ($("lobby-seats").firstChild) replace($("lobby-seats"));
  return false;
}

// askInView brings this phone's new question (key names it, "" when none)
// into view wherever the player had scrolled: el's top just under the top
// bar, unless it already shows in the upper half of the screen. The same
// question redrawn is not new: the page stays where the player holds it.
export function askInView(app, key, el) {
  if (!key || !el || !el.firstChild) {
    app.asked = "";
    return;
  }
  if (key === app.asked) return;
  app.asked = key;
  const bar = document.querySelector(".topbar")?.getBoundingClientRect().bottom || 0;
  const top = el.getBoundingClientRect().top;
  // Scrolled by the bar measured now: the duty banner may have just made
  // it taller, before --bar-h (scroll-padding-top) has caught up.
  if (top < bar || top > innerHeight / 2) scrollBy({ top: top - bar - 6, behavior: reduced.matches ? "auto" : "smooth" });
}

// seatNames is who plays each seat, as the room lists them: a person's
// name, "Bot", or "" for a free seat; pages write it beside the side's
// name (Raven, Union), so a table knows who is who.
export function seatNames(app) {
  return (app.lobby?.seats || []).map((st) => (st.bot ? "Bot" : st.taken ? st.name || "" : ""));
}

// dataOf is an event's data, parsed, or null.
export function dataOf(e) {
  if (!e.data) return null;
  if (typeof e.data === "object") return e.data;
  try {
    return JSON.parse(e.data);
  } catch {
    return null;
  }
}

// trimLog keeps the last max entries of app.log: a long match keeps its
// recent past on screen.
export function trimLog(app, max) {
  if (app.log.length > max) app.log.splice(0, app.log.length - max);
}

// rejoinLog prepares the log for a welcome, which carries every event the
// seat may see since the version the phone last held (all of them on a
// first visit or a reload): entries from that version on are dropped
// before it is absorbed, so a phone that changes seat or reconnects never
// shows an event twice. After a gap the log is emptied (the view alone is
// the truth) and rejoinLog returns true.
export function rejoinLog(app, msg) {
  if (msg.gap) {
    app.log = [];
    return true;
  }
  const first = (msg.events || []).reduce((v, e) => Math.min(v, e.v ?? Infinity), Infinity);
  if (first !== Infinity) app.log = app.log.filter((l) => l.v < first);
  return false;
}

// replayer steps through a finished match as this seat saw it: the server
// rebuilds version v from the log (and answers only once the match is
// over). The page draws app.replay.snap.view while app.replay is set
// ({v, last, snap, error}). opts.seen(r) derives what the page marks from
// the loaded snapshot; the words: opts.open (the button), opts.unit
// ("version" or "step"), opts.nothing (a version without events),
// opts.close. It returns at(v),
// which loads version v, and panel(ready), the open button once the match
// is finished (and ready) or the controls while replaying.
export function replayer(app, opts) {
  const unit = opts.unit || "version";

  // r.v is the version shown, set only with its snapshot, so the heading
  // and the board never speak of two versions; r.want is the one asked
  // for last, from which the arrows step (two quick taps go two steps),
  // and an answer that a later request overtook is dropped.
  async function at(v) {
    const r = app.replay;
    const want = Math.max(0, Math.min(v, r.last ?? v));
    const ticket = (r.ticket || 0) + 1;
    r.want = want;
    r.ticket = ticket;
    const current = () => app.replay === r && r.ticket === ticket;
    try {
      const snap = await api("GET", `/api/replays/${encodeURIComponent(app.code)}/${want}?seat=${app.seat >= 0 ? app.seat : -1}`);
      if (!current()) return;
      r.v = want;
      r.snap = snap;
      r.last = snap.last;
      r.error = "";
      if (opts.seen) opts.seen(r);
    } catch (e) {
      if (!current()) return;
      r.error = e.message;
    }
    app.render();
  }
  const step = (d) => at((app.replay.want ?? app.replay.v) + d);

  function panel(ready = true) {
    const r = app.replay;
    if (!r) {
      if (!ready || app.lobby?.state !== "finished") return null;
      return h("button", { class: "block", id: "replay-open", onclick: () => { app.replay = { v: 1, last: null, snap: null }; at(1); } }, opts.open || "Step through it on this board, as this phone saw it");
    }
    const events = (r.snap?.events || []).map((e) => h("li", { "data-kind": e.kind || "" }, e.text));
    return h("div", { class: "card", id: "replay-panel" },
      h("h3", {}, `Replay: version ${r.v}` + (r.last ? ` of ${r.last}` : "")),
      r.error ? refusal(r.error) : null,
      h("div", { class: "replay-steps" },
        h("button", { id: "replay-prev", "aria-label": `previous ${unit}`, disabled: r.v <= 0, onclick: () => step(-1) }, "◀"),
        h("input", { type: "range", min: 0, max: r.last ?? 0, value: r.v, "aria-label": unit, onchange: (e) => at(Number(e.target.value)) }),
        h("button", { id: "replay-next", "aria-label": `next ${unit}`, disabled: r.last !== null && r.v >= r.last, onclick: () => step(1) }, "▶")),
      h("ul", { class: "log", id: "replay-events" }, events.length ? events : [h("li", { class: "muted" }, opts.nothing || `Nothing happened at this ${unit}.`)]),
      h("button", { class: "block", id: "replay-close", onclick: () => { app.replay = null; app.render(); } }, opts.close || "Back to the end of the match"));
  }

  return { at, panel };
}

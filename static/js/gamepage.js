// The plumbing the pocket games' pages share: the connection to the room
// with its commands (a refusal shown in the server's own words), taking a
// seat, the order in which the room's messages are shown, the waiting
// room's place on the page, and the event log's helpers. Each game keeps
// its own rendering; gamePage wires it to the room.

import { Conn, badge } from "./net.js";
import { seatToken, rememberSeat, forgetSeat, api } from "./room.js";
import { replace, vibrate, refusal } from "./ui.js";
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
        await new Promise((ok) => setTimeout(ok, pause));
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
// name box is built once: re-rendering it would take its focus.
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
  return false;
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

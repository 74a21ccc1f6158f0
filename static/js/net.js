// The connection of a page to its room: one websocket, said hello to with
// the seat token and the last version seen, reconnected with backoff when
// it drops, probed with pings. Commands carry client ids; a command whose
// answer was lost is sent again with the same id after a reconnect, and
// the room acknowledges it without applying it twice.
//
// The room sends the whole view on welcome, then updates that carry a JSON
// patch of it (or nothing, when only events are new). The Conn keeps the
// view and hands every handler the whole of it in msg.view, so pages never
// see a patch. An update that patches another version than the one held
// means something was missed: the Conn reconnects and the welcome resyncs.

import { applyPatch } from "./patch.js";
import { showClaims } from "./claims.js";

const PING_EVERY = 15000;
const PONG_WAIT = 8000;
const MAX_BACKOFF = 8000;

let counter = 0;
const prefix = Math.random().toString(36).slice(2, 8);

function nextID() {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

// Conn states, shown by the connection badge.
export const CONNECTING = "connecting";
export const ONLINE = "online";
export const OFFLINE = "offline";

export class Conn {
  // handlers: welcome(msg), update(msg), room(lobby), state(state, detail),
  // fatal(message) when the seat is gone, notice(message) for errors that
  // answer no command, seat(seat, token) when a claim for a seat was granted
  // to this phone (a welcome for that seat follows).
  constructor(code, token, handlers) {
    this.code = code;
    this.token = token || "";
    this.on = handlers;
    this.v = null; // last version seen; null until the first welcome
    this.view = null; // the view of version v, patches applied
    this.seat = null;
    this.ws = null;
    this.pending = new Map(); // id -> {frame, resolve, reject}
    this.attempt = 0;
    this.stopped = false;
    this.state = OFFLINE;
    this.timer = null;
    this.pingTimer = null;
    this.pongTimer = null;
    this.wake = () => {
      if (this.stopped) return;
      if (document.visibilityState === "visible") {
        if (!this.ws) this.connect();
        else this.ping();
      }
    };
    document.addEventListener("visibilitychange", this.wake);
    window.addEventListener("online", this.wake);
  }

  start() {
    this.connect();
    return this;
  }

  setState(state, detail) {
    this.state = state;
    this.on.state?.(state, detail);
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || this.ws) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let ws;
    try {
      ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(this.code)}`);
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    this.setState(CONNECTING, this.attempt);
    ws.onopen = () => {
      const hello = { t: "hello" };
      if (this.token) hello.token = this.token;
      if (this.v !== null) hello.v = this.v;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return; // not ours to understand; the next full view resyncs
      }
      this.receive(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopPing();
      if (!this.stopped) this.retry();
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry.
    };
  }

  retry() {
    this.setState(OFFLINE, this.attempt);
    const base = Math.min(MAX_BACKOFF, 500 * 2 ** this.attempt);
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), base * (0.75 + Math.random() * 0.5));
  }

  receive(msg) {
    clearTimeout(this.pongTimer);
    switch (msg.t) {
      case "welcome":
        this.attempt = 0;
        this.v = msg.v;
        this.view = msg.view ?? null;
        this.seat = msg.seat;
        if (msg.room) showClaims(this, msg.room);
        this.setState(ONLINE);
        this.startPing();
        this.on.welcome?.(msg);
        // Commands whose answer was lost with the old connection.
        for (const p of this.pending.values()) this.ws?.send(p.frame);
        break;
      case "update":
        if (msg.base !== undefined && msg.base !== this.v) {
          this.resync();
          return;
        }
        if (msg.base === undefined && this.v !== null && msg.v <= this.v) return;
        if (msg.patch) {
          try {
            this.view = applyPatch(this.view, msg.patch);
          } catch {
            this.resync();
            return;
          }
        } else if (msg.view !== undefined) {
          this.view = msg.view;
        }
        msg.view = this.view;
        this.v = msg.v;
        this.on.update?.(msg);
        break;
      case "room":
        if (msg.room) {
          showClaims(this, msg.room);
          this.on.room?.(msg.room);
        }
        break;
      case "seat":
        this.token = msg.token;
        this.v = null;
        this.on.seat?.(msg.seat, msg.token);
        break;
      case "ack": {
        const p = this.pending.get(msg.id);
        if (p) {
          this.pending.delete(msg.id);
          p.resolve(msg.v);
        }
        break;
      }
      case "error": {
        const p = msg.id ? this.pending.get(msg.id) : null;
        if (p) {
          this.pending.delete(msg.id);
          const err = new Error(msg.message || "refused");
          err.code = msg.code;
          err.rule = msg.rule;
          p.reject(err);
        } else if (msg.code === "unauthorized" || msg.code === "not_found") {
          this.stop();
          this.on.fatal?.(msg.message || "this seat is no longer yours");
        } else {
          this.on.notice?.(msg.message || "the server refused");
        }
        break;
      }
      case "pong":
        break;
    }
  }

  // resync drops the connection; the reconnect's welcome brings the whole
  // view and the events missed since the last version held.
  resync() {
    const ws = this.ws;
    if (ws) ws.close();
  }

  startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => this.ping(), PING_EVERY);
  }

  stopPing() {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }

  // ping probes the link; a silent one is closed and reconnected (a phone
  // back from sleep often holds a dead socket).
  ping() {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    ws.send(JSON.stringify({ t: "ping" }));
    clearTimeout(this.pongTimer);
    this.pongTimer = setTimeout(() => {
      if (this.ws === ws) ws.close();
    }, PONG_WAIT);
  }

  request(body) {
    const id = nextID();
    const frame = JSON.stringify({ ...body, id });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { frame, resolve, reject });
      if (this.ws && this.ws.readyState === WebSocket.OPEN && this.state === ONLINE) {
        this.ws.send(frame);
      }
      // Otherwise the welcome of the next connection sends it.
    });
  }

  // send gives a game command; it resolves with the version it produced and
  // rejects with the refusal in the server's words.
  send(cmd) {
    return this.request({ t: "cmd", cmd });
  }

  // host runs a host action: start, free, move or bot.
  host(action, extra = {}) {
    return this.request({ t: "host", action, ...extra });
  }

  // claim asks the players of a seat's side to let this phone take it.
  claim(seat, name) {
    return this.request({ t: "claim", seat, name });
  }

  // grant answers a claim on a seat of this phone's side.
  grant(claim, allow) {
    return this.request({ t: "grant", claim, allow });
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopPing();
    document.removeEventListener("visibilitychange", this.wake);
    window.removeEventListener("online", this.wake);
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
    for (const p of this.pending.values()) p.reject(new Error("disconnected"));
    this.pending.clear();
  }
}

// badge renders a connection state into el.
export function badge(el, state, attempt) {
  el.className = "conn " + state;
  el.dataset.state = state;
  el.textContent = state === ONLINE ? "online" : state === CONNECTING ? "connecting…" : attempt > 0 ? `offline, retry ${attempt}` : "offline";
  el.setAttribute("aria-live", "polite");
}

// The connection of a page to its room: one websocket, said hello to with
// the seat token and the last version seen, reconnected with backoff when
// it drops, probed with pings. Commands carry client ids; a command whose
// answer was lost is sent again with the same id after a reconnect, and
// the room acknowledges it without applying it twice.

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
  // answer no command.
  constructor(code, token, handlers) {
    this.code = code;
    this.token = token || "";
    this.on = handlers;
    this.v = null; // last version seen; null until the first welcome
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
        this.setState(ONLINE);
        this.startPing();
        this.on.welcome?.(msg);
        // Commands whose answer was lost with the old connection.
        for (const p of this.pending.values()) this.ws?.send(p.frame);
        break;
      case "update":
        if (this.v !== null && msg.v <= this.v) return;
        this.v = msg.v;
        this.on.update?.(msg);
        break;
      case "room":
        if (msg.room) this.on.room?.(msg.room);
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
          p.reject(new Error(msg.message || "refused"));
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

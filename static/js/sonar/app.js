// The Captain Sonar seat page: connects the seat, keeps the latest view,
// and shows the panels of the seat's roles (tabs for combined seats). Each
// panel renders from (view, its own UI state); commands go through act(),
// which shows the server's refusal next to the control that was used.

import { Conn, badge, ONLINE } from "../net.js";
import { roomCode, seatToken, forgetSeat, rememberSeat, api } from "../room.js";
import { h, replace, damageTrack, vibrate, wakeLock, roleTitles, roleShort, refusal, crewTag } from "../ui.js";
import { logList, lastLine, mergeEvents } from "../log.js";
import { waitingRoom, waitingSeats, waitingKeys } from "../waiting.js";
import { captainPanel } from "./captain.js";
import { firstMatePanel } from "./firstmate.js";
import { engineerPanel } from "./engineer.js";
import { radioPanel } from "./radio.js";
import { surfacingCard } from "./surface.js";
import { revealCard } from "./reveal.js";
import { connectionBanner, duty as dutyBanner } from "../banner.js";
import { rulesButton } from "../rulescard.js";
import { rolePrimers, rulesContent, dutyOf } from "./help.js";
import { coach } from "./coach.js";

const $ = (sel) => document.querySelector(sel);

const app = {
  code: roomCode(),
  seat: null,
  token: "",
  conn: null,
  lobby: null,
  view: null,
  lines: [], // the log, kept from the room's events (views carry no log)
  tab: null,
  autoTab: null, // the tab to return to after an automatic switch
  refusals: {},
  busy: {},
  gesture: 0, // > 0 while a finger traces or drags: renders wait for it
  dirty: false,
  panels: {},
};

// act sends a command for a control group; a refusal is shown in that
// group, unless onRefuse(err) says it worded it elsewhere (returns true).
app.act = async function act(group, cmd, onRefuse) {
  if (app.busy[group]) return;
  app.busy[group] = true;
  delete app.refusals[group];
  app.render();
  try {
    await app.conn.send(cmd);
  } catch (err) {
    if (!onRefuse?.(err)) app.refusals[group] = err.message;
  } finally {
    delete app.busy[group];
  }
  app.render();
  if (app.refusals[group]) showGroup(group);
};

// showGroup keeps a control group and its refusal in view.
function showGroup(group) {
  const el = document.querySelector(`[data-group="${group}"]`);
  if (el) keepInView(el);
}

// keepInView scrolls the page by the least that shows el whole between the
// sticky top bar (the duty banner in it) and the announcement strip at the
// bottom; an element taller than that space shows its top.
function keepInView(el) {
  if (!el || !el.getClientRects().length) return;
  const top = (document.querySelector(".topbar")?.getBoundingClientRect().bottom || 0) + 6;
  const strip = $("#ticker");
  const bottom = (strip && strip.getClientRects().length && getComputedStyle(strip).position === "fixed" ? strip.getBoundingClientRect().top : innerHeight) - 6;
  const r = el.getBoundingClientRect();
  let by = 0;
  if (r.top < top) by = r.top - top;
  else if (r.bottom > bottom) by = Math.min(r.bottom - bottom, r.top - top);
  if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: "instant" });
}

// explain shows, in a control group, why a closed control is closed: the
// engine's whole sentence, rule included (touch screens have no tooltips).
app.explain = function explain(group, text) {
  if (!text) return;
  app.refusals[group] = text;
  app.render();
  showGroup(group);
};

// closed is the attributes of a control that is shut now: it stays
// tappable and says why, in full.
app.closed = function closed(group, why) {
  return { "aria-disabled": "true", class: "off", onclick: () => app.explain(group, why) };
};

app.host = async function host(group, action, extra) {
  delete app.refusals[group];
  try {
    await app.conn.host(action, extra);
  } catch (err) {
    app.refusals[group] = action === "start" ? startRefusal(err.message) : err.message;
  }
  app.render();
};

// startRefusal says who is missing in roles and people, from the lobby the
// page holds, rather than the room's seat list.
function startRefusal(message) {
  const free = (app.lobby?.seats || []).filter((s) => !s.taken && !s.bot);
  if (!free.length || !/every seat needs a player/.test(message)) return message;
  const who = free.map((s) => s.label);
  const names = who.length > 1 ? `${who.slice(0, -1).join(", ")} and ${who[who.length - 1]}` : who[0];
  // A bot is offered only when the room itself says the game has them.
  const bot = /or a bot/.test(message) ? ", let a bot take a seat," : "";
  return `Not yet: every seat needs a player. Still missing ${free.length} ${free.length > 1 ? "people" : "person"}: ${names}. ` +
    `Share the room code below${bot} or create a room with smaller crews.`;
}

// group wraps a set of controls with the refusal they caused, if any.
app.group = function group(name, attrs, ...children) {
  const msg = app.refusals[name];
  return h("div", { ...attrs, "data-group": name },
    ...children,
    msg ? refusal(msg, () => { delete app.refusals[name]; app.render(); }) : null);
};

app.has = (role) => app.view?.roles?.includes(role);

// duty tells whether a role of this seat has something to do now.
function duty(role, v) {
  const own = v?.own;
  if (!own || v.public?.outcome) return false;
  switch (role) {
    case "captain":
      if (own.sonar_answers?.length) return true;
      if (!own.placed) return true;
      if (own.surfacing?.inspected) return true;
      if (own.duties.first_mate || own.duties.engineer) return false;
      // In real time the Captain may always act: that is no duty.
      return !!own.turn?.current;
    case "first_mate":
      return own.duties.first_mate;
    case "engineer":
      return own.duties.engineer || !!own.inspect;
    default:
      return false;
  }
}

// followDuty switches a combined seat to the role that owes a step (the
// First Mate's charge, the Engineer's mark) and back when it is done.
function followDuty(prev, v) {
  const roles = v.roles || [];
  if (roles.length < 2) return;
  const due = roles.filter((r) => r !== "captain" && duty(r, v));
  if (due.length) {
    if (!duty(app.tab, v)) {
      const wasDue = (r) => duty(r, prev);
      const fresh = due.find((r) => !wasDue(r)) || due[0];
      if (app.autoTab === null) app.autoTab = app.tab;
      app.tab = fresh;
    }
  } else if (app.autoTab !== null) {
    app.tab = app.autoTab;
    app.autoTab = null;
  }
}

function hitUs(events, crew) {
  for (const e of events || []) {
    let d = null;
    try {
      d = typeof e.data === "string" ? JSON.parse(e.data) : e.data;
    } catch {
      d = null;
    }
    if (!d) continue;
    if (d.kind === "damage" && d.crew === crew) return true;
    for (const hit of d.hits || []) {
      if (hit.crew === crew && hit.result !== "clear") return true;
    }
  }
  return false;
}

function setView(view, events) {
  const prev = app.view;
  app.view = view;
  app.lines = mergeEvents(app.lines, events);
  if (!view) return;
  // A refusal from before the end is no longer news once the match is over.
  if (view.public?.outcome && !prev?.public?.outcome) app.refusals = {};
  if (!app.tab || !view.roles.includes(app.tab)) app.tab = view.roles[0];
  if (prev) followDuty(prev, view);
  if (view.crew) {
    document.body.classList.toggle("crew-red", view.crew === "red");
    if (hitUs(events, view.crew)) {
      vibrate([250, 120, 250, 120, 400]);
      const track = $("#damage");
      track.classList.remove("flash");
      void track.offsetWidth; // restart the animation
      track.classList.add("flash");
    }
  }
}

const keepAwake = wakeLock(() => app.lobby?.state === "playing");

function renderTop() {
  const v = app.view;
  const seat = app.lobby?.seats?.[app.seat];
  $("#who").replaceChildren(
    document.createTextNode(seat ? seat.label : "Captain Sonar"),
    h("span", { class: "code" }, ` · ${app.code}`));
  replace($("#damage"), v?.own ? damageTrack(v.own.damage) : null);
  // The last announcement, at the bottom of the screen and labelled with
  // its crew: it is news, never an order for this phone.
  // After the end the outcome banner says the result: no strip of news.
  const line = app.lobby?.state === "playing" && !v?.public?.outcome ? lastLine(app.lines) : null;
  const ticker = $("#ticker");
  const crew = line?.crew ? (line.crew === app.view?.crew ? " (your crew)" : " (enemy)") : "";
  replace(ticker, line ? [h("span", { class: "ticker-label" }, "Last heard"),
    line.crew ? crewTag(line.crew) : null, crew ? h("span", { class: "ticker-who" }, crew) : null,
    h("span", { class: "ticker-text" }, line.text)] : null);
  ticker.className = "ticker" + (line ? " " + (line.crew || "") : " empty");
}

function renderTabs() {
  const v = app.view;
  const roles = v?.roles || [];
  const nav = $("#tabs");
  if (roles.length < 2 || app.lobby?.state === "waiting") {
    nav.classList.add("hidden");
    return;
  }
  nav.classList.remove("hidden");
  replace(nav, roles.map((r) => h("button", {
    role: "tab",
    "data-tab": r,
    "aria-selected": String(app.tab === r),
    class: duty(r, v) ? "due" : "",
    onclick: () => {
      app.tab = r;
      app.autoTab = null;
      app.render();
    },
  }, roleShort[r])));
}

app.render = function render() {
  if (app.gesture > 0) {
    app.dirty = true;
    return;
  }
  app.dirty = false;
  renderTop();
  keepAwake();
  const v = app.view;
  const waiting = !app.lobby || app.lobby.state === "waiting";
  // The waiting room is rebuilt part by part, only when what a part shows
  // changed: a phone coming online never swaps the Start button under a tap.
  const keys = waiting && app.lobby ? waitingKeys(app) : { head: "", seats: "" };
  if (keys.head !== app.waitingKeys?.head) {
    replace($("#waiting"), keys.head ? waitingRoom(app) : null);
    app.waitingKeys = { head: keys.head, seats: null };
  }
  if (keys.seats && keys.seats !== app.waitingKeys.seats) {
    replace($("#waiting-seats"), waitingSeats(app));
    app.waitingKeys.seats = keys.seats;
  }
  renderAids(waiting);
  startFirst(waiting);
  replace($("#outcome"), v?.public?.outcome ? revealCard(v, app.view.crew) : null);
  // In a first dive the coach's card teaches, and while surfaced the duty
  // banner and the surfacing card say the one step: hints would say it twice.
  const surfaced = !!v?.own?.surfacing && !v.public?.outcome;
  replace($("#hints"), v?.coach?.lesson || surfaced ? null : (v?.hints || []).map((t) => h("div", { class: "hint" }, t)));
  replace($("#surfacing"), v && !waiting ? surfacingCard(app) : null);
  renderTabs();
  for (const role of Object.keys(app.panels)) {
    const el = app.panels[role];
    const show = !waiting && v && app.tab === role && v.roles.includes(role);
    el.classList.toggle("hidden", !show);
    if (show) el.render();
  }
  const logBox = $("#log");
  logBox.classList.toggle("hidden", !v || waiting || app.tab === "captain");
  if (v && !waiting && app.tab !== "captain") {
    replace(logBox, h("details", { open: app.tab === "radio_operator" ? "" : null },
      h("summary", { class: "button block" }, "Announcements"), logList(app.lines)));
  }
  document.body.dataset.state = app.lobby?.state || "";
  document.body.dataset.tab = app.tab || "";
  coach(app); // the first dive's lesson card (coach.js)
  followBanner();
};

// renderAids draws the role primer before the start (rebuilt only when the
// seat's roles change) and the duty banner during play.
function renderAids(waiting) {
  const roles = app.view?.roles?.length ? app.view.roles : app.lobby?.seats?.[app.seat]?.roles || [];
  const key = waiting ? JSON.stringify([roles, !!app.view?.chart]) : "";
  if (key !== app.primerKey) {
    app.primerKey = key;
    replace($("#primer"), waiting ? [h("h2", {}, "Your role, before the start"), rolePrimers(roles, app.view)] : null);
  }
  const d = waiting ? null : dutyOf(app.view, app.surfaceUI);
  dutyBanner(d?.text || "", d?.key, { quiet: d?.quiet });
  app.duty = d;
}

// followBanner brings what a new duty asks for into view, once per duty:
// after a DIVE, a surfacing or a turn passing, the controls the banner
// names are on screen without a scroll.
function followBanner() {
  const d = app.duty;
  const key = d?.target ? d.key : "";
  if (key === app.shownDuty) return;
  app.shownDuty = key;
  if (!key || (d.target.role && app.tab !== d.target.role)) return;
  const el = [...document.querySelectorAll(d.target.sel)].find((e) => e.getClientRects().length);
  keepInView(el);
}

// startFirst puts the host's Start above the role primer once every seat
// is taken, and brings it into view: the host need not scroll for it.
function startFirst(waiting) {
  const seats = app.lobby?.seats || [];
  const ready = waiting && !!seats[app.seat]?.host && seats.length > 0 && seats.every((s) => s.taken || s.bot);
  const primer = $("#primer");
  const box = $("#waiting");
  if (!primer || !box) return;
  const after = !!(box.compareDocumentPosition(primer) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (ready && !after) box.after(primer);
  if (!ready && after) box.before(primer);
  if (ready && !app.startShown) requestAnimationFrame(() => keepInView($("#start")));
  app.startShown = ready;
}

app.endGesture = function endGesture() {
  app.gesture = Math.max(0, app.gesture - 1);
  if (app.gesture === 0 && app.dirty) app.render();
};

function fatal(message) {
  replace($("#notice"), h("div", { class: "card alert" },
    h("p", {}, message),
    h("a", { class: "button primary", href: `/?room=${encodeURIComponent(app.code)}` }, "Back to the lobby")));
}

async function main() {
  // The primer first: before the start, it is what a new player needs.
  $("#waiting").before(h("div", { id: "primer" }));
  const panelsBox = $("#panels");
  const makers = {
    captain: captainPanel,
    first_mate: firstMatePanel,
    engineer: engineerPanel,
    radio_operator: radioPanel,
  };
  for (const [role, make] of Object.entries(makers)) {
    const el = h("section", { class: "hidden", id: `panel-${role}`, "data-panel": role, "aria-label": roleTitles[role] });
    panelsBox.append(el);
    el.render = make(el, app);
    app.panels[role] = el;
  }
  if (!app.code) {
    fatal("Which room? Open this page from the lobby.");
    return;
  }
  const held = seatToken(app.code, new URLSearchParams(location.search).get("seat"));
  if (!held) {
    location.replace(`/?room=${encodeURIComponent(app.code)}`);
    return;
  }
  app.seat = held.seat;
  app.token = held.token;
  try {
    app.lobby = await api("GET", `/api/rooms/${encodeURIComponent(app.code)}`);
  } catch (err) {
    fatal(`Room ${app.code}: ${err.message}`);
    return;
  }
  if (app.lobby.game !== "sonar") {
    location.replace(`/?room=${encodeURIComponent(app.code)}`);
    return;
  }
  $("#conn").before(rulesButton(() => rulesContent(app.view, app.view?.roles || app.lobby?.seats?.[app.seat]?.roles)));
  app.render();
  const lost = connectionBanner();
  app.conn = new Conn(app.code, app.token, {
    welcome(msg) {
      if (msg.room) app.lobby = msg.room;
      if (typeof msg.seat === "number" && msg.seat >= 0 && msg.seat !== app.seat) {
        // The host moved this player: the token now holds another seat.
        const held = seatToken(app.code, app.seat);
        forgetSeat(app.code, app.seat);
        app.seat = msg.seat;
        rememberSeat(app.code, app.seat, app.token, held?.name || "");
        history.replaceState(null, "", `/sonar.html?room=${encodeURIComponent(app.code)}&seat=${app.seat}`);
      }
      setView(msg.view ? msg.view : app.view, msg.events);
      app.render();
    },
    update(msg) {
      setView(msg.view || app.view, msg.events);
      app.render();
    },
    room(lobby) {
      app.lobby = lobby;
      app.render();
    },
    state(state, attempt) {
      badge($("#conn"), state, attempt);
      lost(state, attempt);
      if (state === ONLINE) replace($("#notice"));
      // Several failures in a row: is the room still there at all?
      if (state !== ONLINE && attempt >= 3) {
        api("GET", `/api/rooms/${encodeURIComponent(app.code)}`).catch((err) => {
          if (/no room/.test(err.message)) {
            app.conn.stop();
            fatal(`Room ${app.code} is gone: ${err.message}.`);
          }
        });
      }
    },
    fatal(message) {
      forgetSeat(app.code, app.seat);
      fatal(message);
    },
    notice(message) {
      replace($("#notice"), h("div", { class: "refusal", role: "alert" }, message));
    },
  }).start();
}

window.periscope = app; // for the browser tests and curious engineers
main();

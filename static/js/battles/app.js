// The Pocket Battles page: one seat of a battle (or a spectator), from the
// lobby to the outcome. The server's view holds every legal command; this
// module holds the connection, what the player has picked (troops for a
// unit, a unit to place, a unit to order) and turns taps into commands.

import { roomCode } from "../room.js";
import { h, replace, vibrate, wakeLock } from "../ui.js";
import { gamePage, waitingRoom, dataOf, trimLog, reduced, replayer, seatNames } from "../gamepage.js";
import { intro, lobby } from "./lobby.js";
import { field, sides, build, hand, now, actions, roll, logList, MARK, unitLabel } from "./field.js";
import { turnPlay } from "../turnplay.js";
import { turnAdapter, overlay, ANSWERS } from "./turn.js";
import { connectionBanner, duty } from "../banner.js";
import { rulesButton } from "../rulescard.js";
import { withHouseRules } from "../houserules.js";
import { primer, rules } from "./help.js";
import { atTable, tableMode, waitingScreen, playScreen, turnLine, outcomeBox, lastEvents } from "../tablescreen.js";
import { guide, autoStart } from "../guide.js";
import { course } from "./guide.js";
import { endBanner, resultFor, whatNext } from "../next.js";

const $ = (id) => document.getElementById(id);
// At /table/CODE the page is the table screen: a spectator, never a seat.
const table = atTable();

const app = {
  code: roomCode(),
  seat: -1,
  token: "",
  conn: null,
  lobby: null,
  view: null,
  picked: [], // troops chosen for the next unit, top first
  pick: null, // unit in hand to deploy
  sel: null, // own unit whose orders are shown
  log: [],
  error: "",
  lobbyError: "",
  busy: false,
  name: "",
  concede: false,
  replay: null, // {v, last, snap, error} while stepping through a finished battle
  asked: "", // the question for this phone last brought into view
};

// ---- connection ----

// The other side's turn is played on the battlefield, each step held for a
// moment, and kept marked until this player's own next action.
const start = gamePage(app, { render, show, paced: true, state: (state, attempt) => lost(state, attempt) });
const tp = turnPlay(app, turnAdapter(app));
// An order of this player's own ends the marks of the other side's turn,
// from the tap on (an answer to that turn's charge or hits is part of it).
const sendCommand = app.send;
app.send = (cmd) => {
  if (!ANSWERS.has(cmd.type)) tp.acted();
  return sendCommand(cmd);
};

// absorb adds events to the log, each tagged with the side it is about.
function absorb(events) {
  const names = (app.view?.sides || []).map((s) => s.name);
  for (const e of events || []) {
    const d = dataOf(e);
    let team = d && typeof d.seat === "number" ? d.seat : -1;
    if (team < 0) team = names.findIndex((n) => n && e.text.startsWith(n + " ") || e.text.startsWith(n + "'s"));
    app.log.push({ text: e.text, kind: e.kind || "", team });
  }
  trimLog(app, 400);
}

// One order of the other side can bring several steps at once (a charge
// and the contact it makes, then the dice): they are shown one at a time,
// the view of the whole arriving with the last one.
const adapter = turnAdapter(app);
function split(msg) {
  if (msg.t !== "update" || !msg.events) return msg;
  // A phone, and the table screen (which plays each side's turn as the
  // phones do); a watcher's page is the table screen once the match runs.
  if (app.seat < 0 && !document.body.classList.contains("tv")) return msg;
  const at = [];
  msg.events.forEach((e, i) => {
    const st = adapter.step(e, dataOf(e) || {}, app);
    if (st && !st.merge && st.actor !== app.seat) at.push(i);
  });
  if (at.length < 2) return msg;
  app.queue.unshift({ ...msg, events: msg.events.slice(at[1]) });
  return { ...msg, events: msg.events.slice(0, at[1]), view: undefined };
}

function show(whole) {
  const msg = split(whole);
  if (msg.t === "welcome") app.log = [];
  if (msg.view) app.view = msg.view;
  absorb(msg.events);
  const pause = tp.take(msg);
  keep();
  render();
  if ((msg.events || []).some((e) => e.kind === "over")) {
    vibrate([80, 60, 80]);
    // A guided battle's closing card stands above the outcome.
    if ($("guide")?.firstChild) $("guide").scrollIntoView({ block: "start" });
  }
  // A new question for this phone (a charge to answer, hits to assign, the
  // end of a round) comes into view wherever the player had scrolled. The
  // same question after each of its answers (hits assigned one troop at a
  // time) is not new: the page stays where the player holds it.
  const ask = asking(app.view);
  if (!ask || table) app.asked = "";
  else if (ask !== app.asked && bringIntoView(ask)) app.asked = ask;
  return pause;
}

// bringIntoView scrolls the question panel to the top of the screen,
// under the top bar, unless its top already shows in the upper half of the
// screen, and reports whether there was a panel to show.
function bringIntoView(ask) {
  const box = $("now");
  if (!box.firstChild) return false;
  const bar = document.querySelector(".topbar")?.getBoundingClientRect().bottom || 0;
  const top = box.getBoundingClientRect().top;
  // Clear of the top bar, however tall its duty banner makes it.
  box.style.scrollMarginTop = `${Math.ceil(bar) + 8}px`;
  if (top < bar || top > innerHeight / 2) box.scrollIntoView({ block: "start", behavior: reduced.matches ? "auto" : "smooth" });
  // Which question the page last brought into view, and how many it did
  // (the browser test reads them when a question is out of view).
  document.body.dataset.asked = ask;
  document.body.dataset.asks = String(Number(document.body.dataset.asks || 0) + 1);
  return true;
}

// asking names what the battle waits for from this phone, or "".
function asking(v) {
  if (!v || v.seat < 0 || !(v.legal || []).length) return "";
  if (v.phase === "recovery") return `recovery ${v.round}`;
  const p = v.pending;
  return v.phase === "battle" && p ? `${p.kind} ${p.unit} ${v.round}` : "";
}

// keep drops picks the new view no longer allows.
function keep() {
  const v = app.view;
  if (!v) return;
  const legal = v.legal || [];
  if (v.phase !== "army_building") app.picked = [];
  else if (v.build) app.picked = app.picked.filter((id) => v.build.free.includes(id));
  if (app.pick && !legal.some((l) => l.command.type === "deploy" && l.command.unit === app.pick)) app.pick = null;
  if (!app.pick) app.pick = legal.find((l) => l.command.type === "deploy")?.command.unit || null;
  if (app.sel && !legal.some((l) => l.command.unit === app.sel)) app.sel = null;
}

// ---- taps ----

app.pickTile = (id) => {
  const i = app.picked.indexOf(id);
  if (i >= 0) app.picked.splice(i, 1);
  else app.picked.push(id);
  render();
};

app.formUnit = async () => {
  const tiles = app.picked.slice();
  await app.send({ type: "add_unit", tiles });
  if (!app.error) app.picked = [];
  render();
};

app.pickUnit = (id) => {
  app.pick = id;
  render();
};

app.deployTo = (zone) => {
  if (app.pick) app.send({ type: "deploy", unit: app.pick, to: zone });
};

// tapUnit selects one of the player's units (its orders appear below the
// field); a tap on an enemy unit gives the selected unit's one order that
// names it as target.
app.tapUnit = (u) => {
  const v = app.view;
  if (!v || app.busy) return;
  app.error = "";
  const legal = v.legal || [];
  if (u.owner === v.seat) {
    app.sel = app.sel === u.id ? null : u.id;
    render();
    if (app.sel) $("actions").scrollIntoView({ block: "nearest" });
    return;
  }
  const at = legal.filter((l) => l.command.target === u.id && (!app.sel || l.command.unit === app.sel || !l.command.unit));
  if (at.length === 1) return app.send(at[0].command);
  render();
};

// ---- replay ----

// The finished battle, version by version, as this phone saw it (the
// server answers only once the battle is over, so no secret leaves it
// early): the battlefield above shows that version, the panel what
// happened at it.
const replay = replayer(app, {
  nothing: "Nothing you could see happened at this version.",
  close: "Back to the end of the battle",
  // What that seat could do then is history: nothing to offer now.
  // Its steps are played and marked on the battlefield, as a live turn.
  seen: (r) => {
    if (r.snap.view) r.snap.view.legal = [];
    tp.replay(r.snap.events);
  },
});

// ---- rendering ----

function outcome(v) {
  const o = v.outcome;
  if (!o) return null;
  const w = o.winners && o.winners.length === 1 ? o.winners[0] : -1;
  return [endBanner({ result: resultFor(o, v.seat), winner: w, reason: o.reason, head: w >= 0 ? `${v.sides[w].name} wins` : "A draw" }),
    whatNext({ game: "battles", page: "/battles.html" })];
}

function concede(v) {
  if (v.seat < 0 || v.phase === "over" || v.phase === "waiting") return null;
  if (!app.concede) return h("button", { class: "block bt-concede", id: "concede", onclick: () => { app.concede = true; render(); } }, "Concede the battle…");
  return h("div", { class: "row" },
    h("button", { class: "grow bt-concede", id: "concede-yes", onclick: () => { app.concede = false; app.send({ type: "concede" }); } }, "Yes, concede"),
    h("button", { class: "grow", onclick: () => { app.concede = false; render(); } }, "Keep fighting"));
}

function render() {
  const body = document.body;
  const v = app.view;
  body.classList.toggle("seat1", app.seat === 1);
  body.dataset.phase = !app.code ? "intro" : app.lobby?.state === "waiting" || !v ? "lobby" : v.phase;
  const mine = !!v && v.seat >= 0 && (v.legal || []).length > 0;
  body.dataset.turn = mine ? "mine" : "theirs";
  body.dataset.busy = app.busy || app.showing || app.queue?.length ? "1" : "0";
  body.dataset.seat = String(app.seat);
  $("conn").classList.toggle("hidden", !app.code);
  replace($("who"), app.code
    ? [h("span", {}, "Battles"), h("span", { class: "code" }, " · " + app.code), app.seat >= 0 && v ? h("span", { class: `bt-tag team${app.seat}` }, ` ${MARK.mine} ${v.sides[app.seat].name}`) : app.lobby ? " · watching" : null]
    : "Pocket Battles");
  if (!app.code) {
    if (!$("intro").firstChild) replace($("intro"), intro());
    return;
  }
  const waiting = !app.lobby || app.lobby.state === "waiting";
  // The table screen: at /table/CODE, or a page watching a battle in play.
  const tv = tableMode(table || (app.seat < 0 && !waiting && !!v));
  body.dataset.table = tv ? "1" : "0";
  if (tv) {
    tableScreen(tv, waiting);
    keepAwake();
    return;
  }
  autoStart(app);
  if (waitingRoom(app, waiting, lobby)) return;
  if (!v) return;
  // The banner (and buzz) of a duty: the army, a unit to place, the turn,
  // an answer to a charge, hits to assign, the end of a round.
  const p = v.pending;
  duty(owes(v), `${v.phase}#${v.round}#${v.turn}#${p ? `${p.kind} ${p.unit}` : ""}`);
  replace($("outcome"), outcome(v));
  // While replaying, the battlefield, the sides and the dice are those of
  // the step shown; nothing on them can be tapped into a command.
  const shown = app.replay?.snap?.view || v;
  replace($("sides"), sides(shown, seatNames(app)));
  const prompt = $("prompt");
  prompt.textContent = shown.prompt;
  prompt.classList.toggle("mine", mine);
  // During army building the refusal shows by the Form button instead.
  replace($("refusal"), v.phase !== "army_building" ? app.refusalBox() : null);
  replace($("now"), app.replay ? null : now(app, v));
  replace($("build"), v.phase === "army_building" && v.seat >= 0 ? build(app, v) : null);
  replace($("hand"), hand(app, v));
  replace($("field"), shown.phase === "army_building" || shown.phase === "waiting" ? null : field(app, shown));
  overlay($("field"));
  tp.show($("field"));
  replace($("actions"), actions(app, v), replay.panel(v.phase === "over"), concede(v));
  // Hits to assign show their dice with the choices, above.
  replace($("dice"), $("now").querySelector(".bt-roll") ? null : roll(shown));
  replace($("log"), logList(app));
  guide(app, course);
  keepAwake();
}

// owes is what this phone owes now, "" when nothing.
function owes(v) {
  if (app.replay || v.seat < 0 || !(v.legal || []).length) return "";
  const p = v.pending;
  if (v.phase === "army_building") return "BUILD YOUR ARMY: form units, then confirm it";
  if (v.phase === "deployment") return "YOUR TURN: place a unit on your half";
  if (v.phase === "recovery") return "END OF THE ROUND: your choices";
  if (p && p.kind === "reaction") return `ANSWER NOW: the enemy ${unitLabel(v, p.unit)} charges`;
  if (p && p.kind === "wounds") return `ANSWER NOW: assign ${p.hits} hit${p.hits === 1 ? "" : "s"} to ${unitLabel(v, p.unit)}`;
  if (p && p.kind === "charge_target") return "YOUR CHARGE: pick its target";
  return "YOUR TURN: a free redeployment, then one order";
}

// mark is a side's colour chip on the table screen. Not ▲/▼: on each
// phone those mean "mine" and "the enemy's", so the room would read the
// same shape for two sides; the side's name is written beside it.
function mark(seat) {
  return h("span", { class: `bt-tag team${seat} tv-mark`, "aria-hidden": "true" }, "●");
}

// tableScreen draws the table screen: before the start the QR code, the
// room code and the seats; then the battlefield as large as the screen
// allows, with only what is public (each stack's top troop until every
// unit is placed), whose turn, both generals, the last dice and the last
// events; at the end who won.
function tableScreen(box, waiting) {
  const v = app.view;
  if (waiting || !v) {
    const o = v?.options;
    waitingScreen(box, {
      title: "Pocket Battles", lobby: app.lobby, code: app.code, error: app.lobbyError,
      about: o ? `Battle of ${o.size} points · ${o.size / 10} tokens each` + (o.round_limit ? ` · at most ${o.round_limit} rounds (house rule)` : "") : "",
      mark: (st) => mark(st.seat),
    });
    return;
  }
  let head = null;
  if (v.outcome) {
    const w = v.outcome.winners && v.outcome.winners.length === 1 ? v.outcome.winners[0] : -1;
    head = outcomeBox(w >= 0 ? `${v.sides[w].name} wins` : "A draw", v.outcome.reason, w >= 0 ? mark(w) : null, w);
  }
  const actor = v.actor >= 0 ? v.actor : -1;
  const who = actor >= 0 ? seatNames(app)[actor] : "";
  const turn = turnLine(v.prompt + (who ? ` · ${who}` : ""), actor >= 0 ? mark(actor) : null, actor >= 0 ? `team${actor}` : "");
  const events = app.log.map((l) => ({ text: l.text, kind: l.kind, cls: l.team >= 0 ? `team${l.team}` : "", tag: l.team >= 0 ? mark(l.team) : null }));
  playScreen(box, {
    board: field(app, v),
    outcome: head,
    turn,
    sides: h("div", { class: "bt-sides" }, sides(v, seatNames(app))),
    extra: v.phase === "over" ? null : roll(v),
    events: lastEvents(events, 6),
  });
  // The turn being played, and the last one marked, on the TV's battlefield.
  tp.overlay(overlay(box.querySelector("#tv-board")));
}

// The marks lie on the battlefield in its pixels: a new size (a phone
// turned, a TV window resized) draws them again where the units now are.
// A phone's height alone changes as its address bar comes and goes: its
// battlefield stays as it was.
let resized = 0, size = "";
addEventListener("resize", () => {
  const now = document.body.classList.contains("tv") ? `${innerWidth}x${innerHeight}` : String(innerWidth);
  if (now === size) return;
  size = now;
  cancelAnimationFrame(resized);
  resized = requestAnimationFrame(() => app.view && render());
});

const lost = connectionBanner();
$("conn").before(rulesButton(() => withHouseRules(rules(app.view), "battles", app.lobby?.options)));

const keepAwake = wakeLock(() => !!app.view && app.view.phase !== "over" && (app.seat >= 0 || table));

// The table screen holds no seat, even where this browser took one.
start(table);

// The Saga of the Nine Worlds page: one seat of a match (or a spectator),
// from the lobby to the outcome. The server's view holds every legal
// command; this module holds the connection, what the player has picked
// (a unit, a reserve, a target) and turns taps into those commands.

import { roomCode } from "../room.js";
import { h, replace, vibrate, wakeLock } from "../ui.js";
import { gamePage, waitingRoom, dataOf, trimLog, replayer, askInView, seatNames } from "../gamepage.js";
import { intro, lobby } from "./lobby.js";
import { draw, TEAM, TEAM_MARK } from "./board.js";
import { turnPlay } from "../turnplay.js";
import { turnAdapter } from "./turn.js";
import { sides, panel, fightPanel, cardView, cardsOf, legalOf, logList, outcome, clockText } from "./panel.js";
import { connectionBanner, duty } from "../banner.js";
import { rulesButton } from "../rulescard.js";
import { withHouseRules } from "../houserules.js";
import { rules } from "./help.js";
import { atTable, tableMode, waitingScreen, playScreen, turnLine, outcomeBox, lastEvents } from "../tablescreen.js";
import { guide, autoStart } from "../guide.js";
import { course } from "./guide.js";

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
  sel: null, // id of the selected own unit
  pick: null, // id of the reserve unit to deploy or summon
  focus: null, // a tapped position: a target's assault choices, or a card to read
  log: [],
  lastFight: null,
  last: [], // positions that just changed
  error: "",
  lobbyError: "",
  busy: false,
  name: "",
  replay: null, // {v, last, snap, fight, error} while the finished match is replayed
};

// ---- connection ----

// The other side's turn is played on the map, held for a moment, and
// kept marked until this player's own next action.
const start = gamePage(app, { render, show, paced: true, state: (state, attempt) => lost(state, attempt) });
const tp = turnPlay(app, turnAdapter(app));

// absorb adds events to the log and remembers the last assault and the
// tiles that just changed.
function absorb(events) {
  const last = [];
  for (const e of events || []) {
    const d = dataOf(e);
    let team = -1;
    if (d && typeof d.seat === "number") team = d.seat;
    else if (/^Raven\b/.test(e.text)) team = 0;
    else if (/^Wolf\b/.test(e.text)) team = 1;
    app.log.push({ text: e.text, kind: e.kind || "", team });
    if (e.kind === "combat" && d) app.lastFight = d;
    // An ability sent a unit of the assault back to the reserves: the
    // assault's result says so, not "captured".
    if (e.kind === "returned" && d && app.lastFight) app.lastFight = { ...app.lastFight, returned: [...(app.lastFight.returned || []), d.unit] };
    if (d && d.at) last.push(d.at);
    if (d && d.to) last.push(d.to);
    if (d && d.from && d.from !== "0,0") last.push(d.from);
  }
  if (last.length) app.last = last;
  trimLog(app, 400);
}

function show(msg) {
  if (msg.t === "welcome") app.log = [];
  if (msg.view) app.view = msg.view;
  absorb(msg.events);
  const pause = tp.take(msg);
  keep();
  render();
  if ((msg.events || []).some((e) => e.kind === "over")) {
    vibrate([80, 60, 80]);
    // A guided match's closing card stands above the outcome.
    if ($("guide")?.firstChild) $("guide").scrollIntoView({ block: "start" });
  }
  return pause;
}

// keep drops picks the new view no longer allows.
function keep() {
  const v = app.view;
  if (!v) return;
  const legal = v.legal || [];
  if (app.sel && !legal.some((l) => l.command.unit === app.sel && l.command.type !== "summon")) app.sel = null;
  if (app.pick && !legal.some((l) => l.command.unit === app.pick && (l.command.type === "deploy" || l.command.type === "summon"))) app.pick = null;
  if (v.phase === "deploying" && !app.pick) {
    const first = legal.find((l) => l.command.type === "deploy");
    if (first) app.pick = first.command.unit;
  }
  if (v.turn !== v.seat) app.focus = null;
}

// ---- taps on the map ----

function tap(at) {
  const v = app.view;
  if (!v || app.busy) return;
  app.error = "";
  const legal = v.legal || [];
  const find = (pred) => legal.find((l) => pred(l.command));
  const place = find((c) => (c.type === "place_tile" || c.type === "place_base") && c.at === at);
  if (place) return app.send(place.command);
  if (app.pick) {
    const put = find((c) => (c.type === "deploy" || c.type === "summon") && c.unit === app.pick && c.at === at);
    if (put) return app.send(put.command);
  }
  const unit = v.units.find((u) => u.at === at);
  if (app.sel) {
    const mv = find((c) => c.type === "move" && c.unit === app.sel && c.to === at);
    if (mv) return app.send(mv.command);
    if (find((c) => (c.type === "close_assault" || c.type === "ranged_assault") && c.unit === app.sel && c.target === at)) {
      app.focus = at;
      return render();
    }
  }
  if (unit && unit.owner === v.seat && find((c) => c.unit === unit.id && c.type !== "summon" && c.type !== "deploy")) {
    app.sel = app.sel === unit.id ? null : unit.id;
    app.pick = null;
    app.focus = null;
    return render();
  }
  // A tap that is no legal choice but names one goes to the server anyway,
  // so the refusal is the rules engine's own words.
  const mine = v.turn === v.seat && v.seat >= 0 && !v.fight;
  const tile = v.tiles.find((t) => t.at === at);
  if (mine && v.phase === "building") return app.send({ type: "place_tile", at });
  if (mine && v.phase === "second_base") return app.send({ type: "place_base", at });
  if (mine && app.pick && !unit) return app.send({ type: v.phase === "deploying" ? "deploy" : "summon", unit: app.pick, at });
  if (mine && app.sel && tile && !unit) return app.send({ type: "move", unit: app.sel, to: at });
  // Otherwise show what stands there: its card.
  app.focus = unit || (tile && tile.base >= 0) ? at : null;
  if (!unit && mine && v.phase === "playing") app.error = "Tap one of your units (outlined green) first.";
  render();
}

function marks(v) {
  const m = {};
  const pct = {};
  const legal = v.legal || [];
  for (const l of legal) {
    const c = l.command;
    if (c.type === "place_tile" || c.type === "place_base") m[c.at] = "place";
    if ((c.type === "deploy" || c.type === "summon") && c.unit === app.pick) m[c.at] = "place";
    if (c.unit === app.sel && c.type === "move") m[c.to] = l.home ? "home" : l.water ? "water" : l.hop ? "hop" : "move";
    if (c.unit === app.sel && (c.type === "close_assault" || c.type === "ranged_assault")) {
      m[c.target] = "target";
      pct[c.target] = `${Math.max(l.hit || 0, Number((pct[c.target] || "0").replace("%", "")))}%`;
    }
  }
  return { m, pct };
}

// ---- replay ----

// The finished match, step by step, as this seat saw it; each step marks
// the tiles it changed and shows its assault.
const replay = replayer(app, {
  unit: "step",
  seen: (r) => {
    r.fight = null;
    r.changed = [];
    tp.replay(r.snap.events);
    for (const e of r.snap.events || []) {
      const d = dataOf(e);
      if (e.kind === "combat" && d) r.fight = d;
      if (e.kind === "returned" && d && r.fight) r.fight = { ...r.fight, returned: [...(r.fight.returned || []), d.unit] };
      if (d && d.at) r.changed.push(d.at);
      if (d && d.to) r.changed.push(d.to);
    }
  },
});

// ---- rendering ----

function render() {
  const body = document.body;
  const v = app.view;
  body.classList.toggle("seat1", app.seat === 1);
  body.dataset.phase = !app.code ? "intro" : app.lobby?.state === "waiting" || !v ? "lobby" : v.phase;
  body.dataset.turn = v && v.seat >= 0 && v.turn === v.seat ? "mine" : "theirs";
  body.dataset.busy = app.busy || app.showing || app.queue?.length ? "1" : "0";
  body.dataset.seat = String(app.seat);
  $("conn").classList.toggle("hidden", !app.code);
  replace($("who"), app.code
    ? [h("span", {}, "Saga"), h("span", { class: "code" }, " · " + app.code), app.seat >= 0 ? h("span", { class: `sg-tag team${app.seat}` }, ` ${TEAM_MARK[app.seat]} ${TEAM[app.seat]}`) : app.lobby ? " · watching" : null]
    : "Saga of the Nine Worlds");
  if (!app.code) {
    if (!$("intro").firstChild) replace($("intro"), intro());
    return;
  }
  const waiting = !app.lobby || app.lobby.state === "waiting";
  // The table screen: at /table/CODE, or a page watching a match in play.
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
  // The banner (and buzz) of a duty: your turn, or your re-rolls.
  duty(owes(v), `${v.phase}#${v.turn_number}#${v.fight ? "fight" : ""}`);
  if (app.replay?.snap) return renderReplay(v, app.replay);
  const cards = cardsOf(v);
  replace($("outcome"), outcome(v));
  replace($("sides"), sides(app, v));
  const prompt = $("prompt");
  prompt.textContent = v.prompt;
  prompt.classList.toggle("mine", v.turn === v.seat && v.seat >= 0);
  // While the map is built: the second base would end too near (a map the
  // rulebook allows, where a unit can strike a base on its first turn).
  replace($("build-warning"), v.second_base?.close
    ? h("p", { class: "notice warn small", id: "base-warning", "data-apart": v.second_base.apart }, v.second_base.warning) : null);
  const ready = new Set(legalOf(v, (c) => c.unit && c.type !== "summon" && c.type !== "deploy").map((l) => l.command.unit));
  const selAt = v.units.find((u) => u.id === app.sel && u.owner === v.seat)?.at;
  const { m, pct } = marks(v);
  replace($("board"), draw(v, cards, { marks: m, pct, sel: selAt, ready, last: app.last, tap }));
  tp.show($("board"));
  replace($("refusal"), app.refusalBox());
  replace($("panel"), panel(app, v) || replay.panel());
  // A live assault sits above the map, where the player looks; the last
  // one resolved stays below it.
  replace($("fight-now"), v.fight ? fightPanel(app, v) : null);
  replace($("fight"), v.fight ? null : fightPanel(app, v));
  // This phone's re-roll (its dice, the clock) comes into view by itself.
  const f = v.fight;
  askInView(app, f && owes(v) ? `${v.turn_number}#${f.combat}#${f.counter_strike}#${f.stage}` : "", $("fight-now"));
  mapInView(owes(v) && !f ? `${v.phase}#${v.turn_number}` : "");
  // The card of the selected unit, or of what was tapped.
  let shown = null;
  const focusUnit = app.focus && v.units.find((u) => u.at === app.focus);
  if (focusUnit) shown = cardView(v, focusUnit.owner, cards[focusUnit.owner][focusUnit.card]);
  else if (app.sel) {
    const u = v.units.find((x) => x.id === app.sel && x.owner === v.seat);
    if (u) shown = cardView(v, u.owner, cards[u.owner][u.card]);
  } else if (app.pick && v.seat >= 0) {
    const ref = v.players[v.seat].reserves.find((r) => r.id === app.pick);
    if (ref) shown = cardView(v, v.seat, cards[v.seat][ref.card]);
  }
  replace($("card"), shown);
  replace($("log"), logList(app));
  guide(app, course);
  keepAwake();
}

// owes is what this phone owes now, "" when nothing: its turn, or its
// re-rolls in an assault (the view's turn is then the seat to re-roll).
// mapInView brings the map into view when this phone's turn (key names
// it, "" when none) begins: its top just under the top bar, whose duty
// banner would hide the top row of tiles, unless it already shows in the
// upper half of the screen. The same turn redrawn leaves the page where
// the player holds it.
function mapInView(key) {
  if (!key || key === app.mapAsked) {
    if (!key) app.mapAsked = "";
    return;
  }
  app.mapAsked = key;
  const map = $("board");
  if (!map?.firstChild) return;
  const bar = document.querySelector(".topbar")?.getBoundingClientRect().bottom || 0;
  const top = map.getBoundingClientRect().top;
  if (top < bar || top > innerHeight / 2) scrollBy({ top: top - bar - 6, behavior: "instant" });
}

function owes(v) {
  if (app.replay || v.seat < 0 || v.turn !== v.seat || v.phase === "over") return "";
  if (v.fight) return "YOUR RE-ROLL: tap a die to re-roll it, or keep your dice";
  if (v.phase === "building") return "YOUR TURN: place the drawn terrain tile";
  if (v.phase === "second_base") return "YOUR TURN: place your base";
  if (v.phase === "deploying") return "YOUR TURN: place a unit near your base";
  return "YOUR TURN: move, assault or summon";
}

// renderReplay draws the map, the sides and the assault of one step of
// the replay; nothing on it can be tapped into a command.
function renderReplay(v, r) {
  const shown = { ...r.snap.view, seat: v.seat, legal: [] };
  const watch = { ...shown, seat: -1, deadline: null }; // no dice to tap, no clock
  replace($("outcome"), outcome(v));
  replace($("sides"), sides(app, shown));
  const prompt = $("prompt");
  prompt.textContent = `Replay, step ${r.v}` + (shown.outcome ? `: ${shown.outcome.reason}` : shown.turn >= 0 ? `: ${TEAM_MARK[shown.turn]} ${TEAM[shown.turn]} to act` : "");
  prompt.classList.remove("mine");
  replace($("board"), draw(shown, cardsOf(shown), { last: r.changed || [], tap: () => {} }));
  tp.show($("board"));
  replace($("refusal"), null);
  replace($("panel"), replay.panel());
  replace($("fight-now"), shown.fight ? fightPanel({ lastFight: null }, watch) : null);
  replace($("fight"), shown.fight ? null : fightPanel({ lastFight: r.fight }, watch));
  replace($("card"), null);
}

// The re-roll timer counts down on its own between updates.
setInterval(() => {
  const el = document.getElementById("reroll-clock");
  if (el) el.textContent = clockText(el.dataset.deadline, Date.now());
}, 1000);

// mark is a side's shape in its colour, for the table screen.
function mark(seat) {
  return h("span", { class: `sg-tag team${seat} tv-mark`, "aria-hidden": "true" }, TEAM_MARK[seat]);
}

// tableScreen draws the table screen: before the start the QR code, the
// room code and the seats; then the map as large as the screen allows,
// whose turn, both sides, the assault under way (or the last one) and the
// last events; at the end who won.
function tableScreen(box, waiting) {
  const v = app.view;
  if (waiting || !v) {
    waitingScreen(box, {
      title: "Saga of the Nine Worlds", lobby: app.lobby, code: app.code, error: app.lobbyError,
      about: v ? v.players.map((p) => `${TEAM_MARK[p.seat]} ${p.name}: ${p.faction.name}${p.faction.house ? " (house faction)" : ""}`).join(" · ") : "",
      mark: (st) => mark(st.seat),
    });
    return;
  }
  let head = null;
  if (v.outcome) {
    const w = v.outcome.winners && v.outcome.winners.length === 1 ? v.outcome.winners[0] : -1;
    head = outcomeBox(w >= 0 ? `${TEAM[w]} wins` : "A draw", v.outcome.reason, w >= 0 ? mark(w) : null, w);
  }
  const who = v.turn >= 0 ? seatNames(app)[v.turn] : "";
  const turn = turnLine(v.prompt + (who ? ` · ${who}` : ""), v.turn >= 0 ? mark(v.turn) : null, v.turn >= 0 ? `team${v.turn}` : "");
  const events = app.log.map((l) => ({ text: l.text, kind: l.kind, cls: l.team >= 0 ? `team${l.team}` : "", tag: l.team >= 0 ? mark(l.team) : null }));
  playScreen(box, {
    board: draw(v, cardsOf(v), { last: app.last, tap: () => {} }),
    outcome: head,
    turn,
    sides: h("div", { class: "sg-sides" }, sides(app, v)),
    extra: v.phase === "over" ? null : fightPanel(app, v),
    events: lastEvents(events, 6),
  });
  // The turn being played, move by move, as the phones show it.
  tp.overlay(box.querySelector("#tv-board svg"));
}

const lost = connectionBanner();
$("conn").before(rulesButton(() => withHouseRules(rules(app.view?.options || {}, app.view), "saga", app.lobby?.options)));

const keepAwake = wakeLock(() => !!app.view && app.view.phase !== "over" && (app.seat >= 0 || table));

// The table screen holds no seat, even where this browser took one.
start(table);

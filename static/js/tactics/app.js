// The Pocket Tactics page: one seat of a match (or a spectator), from the
// lobby to the outcome and its replay. The server's view says everything
// there is to draw and to offer; this module holds the connection, the
// order in which updates are shown, and what the player has picked so far.

import { roomCode } from "../room.js";
import { h, replace, vibrate, wakeLock, crewTag } from "../ui.js";
import { gamePage, waitingRoom, reduced, dataOf, replayer } from "../gamepage.js";
import { intro, lobby } from "./lobby.js";
import { board, panel, sides, legend, keep, myTurn, clockText } from "./play.js";
import { absorb, rejoin, tray, logList } from "./story.js";
import { TEAM } from "./board.js";
import { connectionBanner, duty } from "../banner.js";
import { rulesButton } from "../rulescard.js";
import { withHouseRules } from "../houserules.js";
import { rules } from "./help.js";
import { endBanner, resultFor, whatNext } from "../next.js";
import { atTable, tableMode } from "../tablescreen.js";
import { tableScreen } from "./tv.js";
import { guide, autoStart } from "../guide.js";
import { course } from "./guide.js";
import { turnPlay } from "../turnplay.js";
import { turnAdapter } from "./turn.js";

const $ = (id) => document.getElementById(id);
// At /table/CODE the page is the room's table screen (it holds no seat).
const table = atTable();

const app = {
  code: roomCode(),
  seat: -1,
  token: "",
  conn: null,
  lobby: null,
  view: null,
  queue: [], // welcome and update messages not yet shown
  showing: false,
  busy: false, // a command is on its way
  sel: null, // square of the selected unit
  stage: null, // square a tank or artillery would move to before attacking
  draft: null, // setup being placed
  log: [],
  roll: null,
  last: null,
  error: "",
  lobbyError: "",
  endArmed: false,
  name: "",
  replay: null,
};

// ---- connection ----

// The room's messages are shown in order, an opponent's actions held on
// screen for a moment each, so a bot's turn is seen move by move and roll
// by roll instead of in one jump.
const start = gamePage(app, { render, show, paced: true, sent: () => tp.acted(), state: (state, attempt) => lost(state, attempt) });
// The other side's turn, played move by move and kept marked until this
// player acts.
const tp = turnPlay(app, turnAdapter(app));

function show(msg) {
  const welcome = msg.t === "welcome";
  if (welcome) rejoin(app, msg);
  if (msg.view) app.view = msg.view;
  // A welcome catches up on the past: no pause for it.
  const pause = welcome ? (absorb(app, msg.events), 0) : absorb(app, msg.events);
  const step = tp.take(msg);
  keep(app);
  const over = msg.t === "update" && (msg.events || []).some((e) => e.kind === "over");
  render();
  if (over && !document.body.classList.contains("tv")) {
    vibrate([80, 60, 80]);
    // A guided match's closing card stands above the outcome.
    ($("guide")?.firstChild ? $("guide") : $("outcome")).scrollIntoView({ block: "start", behavior: reduced.matches ? "auto" : "smooth" });
  }
  // Only the other side's actions are paced: one's own should feel instant.
  if (tp.skipping) return 0;
  return app.view && app.view.turn !== app.view.seat ? Math.max(pause, step) : 0;
}

// ---- replay ----

// The finished match, version by version; each marks what happened at it,
// as the live board does.
const replay = replayer(app, {
  nothing: "Nothing visible happened at this version.",
  seen: (r) => {
    r.mark = null;
    tp.replay(r.snap.events);
    for (const e of r.snap.events || []) {
      const d = dataOf(e);
      if (e.kind === "move" && d) r.mark = { from: d.from, to: d.to };
      if (e.kind === "roll" && d) r.mark = { attacker: d.attacker, target: d.target };
    }
  },
});

// replayRoll is the die rolled at the replayed version, if one was.
function replayRoll(r) {
  const e = (r.snap?.events || []).filter((x) => x.kind === "roll").pop();
  if (!e) return null;
  return { seq: `replay-${r.v}`, kind: "roll", ...dataOf(e) };
}

// ---- rendering ----

function outcome(view) {
  const o = view.outcome;
  if (!o) return null;
  const winner = o.winners && o.winners.length === 1 ? o.winners[0] : -1;
  const scores = o.scores ? Object.entries(o.scores).map(([t, n]) => `${TEAM[t]} ${n}`).join(" · ") : "";
  return [endBanner({
    result: resultFor(o, view.seat), winner, reason: o.reason,
    head: winner >= 0 ? `${TEAM[winner]} wins` : "A draw",
    extra: scores ? h("div", { class: "small" }, "Tournament points: " + scores) : null,
  }), whatNext({ game: "gridtactics", page: "/tactics.html" })];
}

function render() {
  const body = document.body;
  const v = app.view;
  body.classList.toggle("seat1", app.seat === 1);
  body.dataset.phase = !app.code ? "intro" : app.lobby?.state === "waiting" || !v ? "lobby" : v.phase;
  body.dataset.turn = myTurn(app) ? "mine" : "theirs";
  body.dataset.busy = app.busy || app.showing || app.queue.length ? "1" : "0";
  body.dataset.seat = String(app.seat);
  $("conn").classList.toggle("hidden", !app.code);

  replace($("who"), app.code
    ? [h("span", { class: "game" }, "Tactics"), h("span", { class: "code" }, " · " + app.code), app.seat >= 0 ? crewTag(TEAM[app.seat].toLowerCase()) : app.lobby ? " · watching" : null]
    : "Pocket Tactics");

  if (!app.code) {
    if (!$("intro").firstChild) replace($("intro"), intro(app));
    return;
  }
  const waiting = !app.lobby || app.lobby.state === "waiting";
  // The table screen: at /table/CODE, or a page watching a match in play.
  const tv = tableMode(table || (app.seat < 0 && !waiting && !!v));
  body.dataset.table = tv ? "1" : "0";
  if (tv) {
    tableScreen(app, tv, waiting, tp);
    keepAwake();
    return;
  }
  autoStart(app);
  if (waitingRoom(app, waiting, lobby)) return;
  if (!v) return;

  const shown = app.replay?.snap ? app.replay.snap.view : v;
  replace($("sides"), sides(app, shown));
  $("clock").textContent = app.replay ? "" : clockText(v, Date.now());
  const prompt = $("prompt");
  prompt.textContent = app.replay ? "Replay" : v.prompt;
  prompt.classList.toggle("mine", myTurn(app) || !!v.setup);
  replace($("board"), board(app, shown, !app.replay));
  tp.show($("board"));
  replace($("refusal"), app.refusalBox());
  // The replay's controls sit right under the board they step through.
  replace($("actions"), app.replay ? replay.panel() : panel(app));
  tray($("dice"), app.replay ? replayRoll(app.replay) : app.roll);
  replace($("outcome"), app.replay ? null : outcome(v));
  replace($("replay"), app.replay ? null : replay.panel());
  replace($("log"), logList(app));
  if (!$("legend").firstChild) replace($("legend"), legend());
  guide(app, course);
  keepAwake();
  // The banner (and buzz) of a duty: your setup, or your turn.
  const owe = app.replay || v.seat < 0 ? "" : v.setup ? "Place your units on your back row" : v.phase === "play" && myTurn(app) ? "YOUR TURN: move or attack with each unit, then End turn" : "";
  duty(owe, `${owe}#${v.turn_number || 0}`);
}

// The clock of a timed match ticks on its own; the room ends the match.
setInterval(() => {
  if (app.view && !app.replay) $("clock").textContent = clockText(app.view, Date.now());
  const tvClock = $("tv-clock");
  if (tvClock && app.view) tvClock.textContent = clockText(app.view, Date.now());
}, 1000);

const keepAwake = wakeLock(() => !!app.view && app.view.phase !== "over" && (app.seat >= 0 || table));

const lost = connectionBanner();
$("conn").before(rulesButton(() => withHouseRules(rules(app.view?.options || {}), "gridtactics", app.lobby?.options)));

// The table screen holds no seat, even where this browser took one.
start(table);

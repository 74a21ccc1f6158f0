// The Pocket Sub page: one seat of a match (or a spectator: the table
// screen), from the lobby to the outcome and its replay. The server's view
// says everything there is to draw and to offer; this module holds the
// connection, the order in which updates are shown, and what the player
// has picked so far.

import { roomCode } from "../room.js";
import { h, replace, vibrate, wakeLock } from "../ui.js";
import { gamePage, waitingRoom, reduced, dataOf, replayer, seatNames } from "../gamepage.js";
import { intro, lobby } from "./lobby.js";
import { board, panel, players, keep, myTurn } from "./play.js";
import { absorb, rejoin, logList } from "./story.js";
import { connectionBanner, duty } from "../banner.js";
import { rulesButton } from "../rulescard.js";
import { withHouseRules } from "../houserules.js";
import { rules } from "./help.js";
import { icon, draw } from "./board.js";
import { atTable, tableMode, waitingScreen, playScreen, turnLine, outcomeBox, lastEvents } from "../tablescreen.js";
import { guide, autoStart } from "../guide.js";
import { course } from "./guide.js";
import { endBanner, resultFor, whatNext } from "../next.js";
import { turnPlay } from "../turnplay.js";
import { turnAdapter } from "./turn.js";

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
  queue: [], // welcome and update messages not yet shown
  showing: false,
  busy: false, // a command is on its way
  sel: null, // id of the selected Sub
  path: [], // regions of the path picked so far
  move: null, // the complete move picked
  mine: "", // where its Mine goes
  whirl: "", // the tile centre picked for a Whirlpool
  log: [],
  last: null,
  error: "",
  lobbyError: "",
  name: "",
  replay: null,
};

// ---- connection ----

// The room's messages are shown in order, other players' moves held on
// screen for a moment each, so the bots' turns are seen one by one. A
// command the room accepts clears what was picked for it.
const start = gamePage(app, {
  render, show, paced: true, state: (state, attempt) => lost(state, attempt),
  sent: () => {
    app.sel = null;
    app.path = [];
    app.move = null;
    app.mine = "";
    app.whirl = "";
    tp.acted();
  },
});
// The other fleets' moves, played one by one and kept marked until this
// player acts.
const tp = turnPlay(app, turnAdapter(app));

function show(msg) {
  const welcome = msg.t === "welcome";
  if (welcome) rejoin(app, msg);
  if (msg.view) app.view = msg.view;
  const pause = welcome ? (absorb(app, msg.events), 0) : absorb(app, msg.events);
  const step = tp.take(msg);
  keep(app);
  const over = msg.t === "update" && (msg.events || []).some((e) => e.kind === "over");
  render();
  if (over) {
    vibrate([80, 60, 80]);
    // A guided match's closing card stands above the outcome.
    ($("guide")?.firstChild ? $("guide") : $("outcome")).scrollIntoView({ block: "start", behavior: reduced.matches ? "auto" : "smooth" });
  }
  // One's own moves show at once; others' are paced.
  if (tp.skipping) return 0;
  return app.view && app.view.turn !== app.view.seat ? Math.max(pause, step) : 0;
}

// ---- replay ----

// The finished match, version by version; each marks the move made at it.
const replay = replayer(app, {
  seen: (r) => {
    r.mark = null;
    tp.replay(r.snap.events);
    for (const e of r.snap.events || []) {
      const d = dataOf(e);
      if (e.kind === "move" && d) r.mark = { from: d.from, path: d.path || [], mine: d.mine || "" };
    }
  },
});

// ---- rendering ----

function outcome(view) {
  const o = view.outcome;
  if (!o) return null;
  const team = o.winners && o.winners.length === 1 ? o.winners[0] : -1;
  const winners = view.players.filter((p) => p.team === team);
  const head = team >= 0 ? `${winners.map((p) => p.colour).join(" and ")} win${winners.length > 1 ? "" : "s"}` : "A draw";
  return [endBanner({
    result: resultFor(o, view.seat >= 0 ? view.players[view.seat].team : -1), winner: team, reason: o.reason, cls: "ps-outcome",
    head: h("span", { class: "row", style: "justify-content:center" }, winners.map((p) => icon(p)), h("span", {}, head)),
  }), whatNext({ game: "pocketsub", page: "/pocketsub.html" })];
}

// house labels the board as ours where it is.
function house(view) {
  const bits = ["house tiles"];
  if (view.house_layout) bits.unshift("house layout");
  return h("p", { class: "ps-house", id: "house" },
    h("span", { class: "house" }, "house"),
    ` ${view.house_layout ? `Introductory layout for ${view.options.players}` : "Standard setup"}: ${bits.join(" and ")}, our own design (not published).`);
}

function render() {
  const body = document.body;
  const v = app.view;
  const me = v && app.seat >= 0 ? v.players[app.seat] : null;
  body.dataset.colour = me ? me.colour.toLowerCase() : "";
  body.dataset.phase = !app.code ? "intro" : app.lobby?.state === "waiting" || !v ? "lobby" : v.phase;
  body.dataset.turn = myTurn(app) ? "mine" : "theirs";
  body.dataset.busy = app.busy || app.showing || app.queue.length ? "1" : "0";
  body.dataset.seat = String(app.seat);
  $("conn").classList.toggle("hidden", !app.code);

  replace($("who"), app.code
    ? [h("span", { class: "game" }, "Pocket Sub"), h("span", { class: "code" }, " · " + app.code),
      me ? h("span", { class: "ctag c-" + me.colour.toLowerCase() }, me.colour.toUpperCase()) : app.lobby ? " · watching" : null]
    : "Pocket Sub");

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

  const shown = app.replay?.snap ? app.replay.snap.view : v;
  replace($("players"), players(app, shown));
  const prompt = $("prompt");
  // Another player's turn names them, as the table screen does.
  const turner = v.turn >= 0 && v.turn !== v.seat && v.phase !== "over" ? seatNames(app)[v.turn] : "";
  prompt.textContent = app.replay ? "Replay" : v.prompt + (turner ? ` (${turner})` : "") + (v.phase === "playing" ? ` (round ${v.round})` : "");
  prompt.classList.toggle("mine", myTurn(app));
  replace($("board"), board(app, shown, !app.replay));
  tp.show($("board"));
  replace($("house-note"), house(shown));
  replace($("refusal"), app.refusalBox());
  replace($("actions"), app.replay ? replay.panel() : panel(app));
  replace($("outcome"), app.replay ? null : outcome(v));
  replace($("replay"), app.replay ? null : replay.panel());
  replace($("log"), logList(app));
  guide(app, course);
  keepAwake();
  // The banner (and buzz) of a duty: your turn to place or to move.
  duty(owes(v), `${v.phase}#${v.round}#${v.turn}`);
}

// owes is what this phone owes now, "" when nothing.
function owes(v) {
  if (app.replay || v.seat < 0 || !myTurn(app)) return "";
  if (v.phase === "playing") return "YOUR TURN: move a Sub 3 points, then lay its Mine";
  if (v.phase === "whirlpools") return "YOUR TURN: place a Whirlpool";
  return "YOUR TURN: place your pieces";
}

// tableScreen draws the table screen: before the start the QR code, the
// room code and the seats; then the ocean as large as the screen allows,
// whose turn, the fleets and the last moves; at the end who won.
function tableScreen(box, waiting) {
  const v = app.view;
  const fleets = v?.players || [];
  if (waiting || !v) {
    waitingScreen(box, {
      title: "Pocket Sub", lobby: app.lobby, code: app.code, about: v ? aboutRoom(v) : "", error: app.lobbyError,
      mark: (st) => (fleets[st.seat] ? icon(fleets[st.seat], "ps-icon tv-mark") : null),
    });
    return;
  }
  let head = null;
  if (v.outcome) {
    const team = v.outcome.winners && v.outcome.winners.length === 1 ? v.outcome.winners[0] : -1;
    const winners = fleets.filter((p) => p.team === team);
    head = outcomeBox(team >= 0 ? `${winners.map((p) => p.colour).join(" and ")} win${winners.length > 1 ? "" : "s"}` : "A draw",
      v.outcome.reason, winners.map((p) => icon(p)), team);
  }
  const turner = v.turn >= 0 ? fleets[v.turn] : null;
  // Whose turn names the player too, as the other games' table screens do.
  const who = turner ? seatNames(app)[v.turn] : "";
  const turn = turnLine((v.phase === "playing" && turner ? `${turner.colour}'s turn · round ${v.round}` : v.prompt) + (who ? ` · ${who}` : ""), turner ? icon(turner) : null);
  const events = app.log.map((l) => ({ text: l.text, kind: l.kind, tag: l.colour ? h("span", { class: "ctag c-" + l.colour.toLowerCase() }, l.colour.toUpperCase()) : null }));
  playScreen(box, {
    board: draw(v, { last: app.last }),
    outcome: head,
    turn,
    sides: players(app, v),
    events: lastEvents(events, 7),
  });
  // The turn being played, move by move, as the phones show it.
  tp.overlay(box.querySelector("#tv-board svg"));
}

// aboutRoom says how the room is set up, in one line.
function aboutRoom(v) {
  const o = v.options || {};
  const parts = [`${o.players} players`, o.setup === "standard" ? "standard setup" : "introductory layout (house)"];
  if (o.players === 4) parts.push("Red and Blue against White and Black");
  if (o.captain) parts.push("Captain's expansion");
  return parts.join(" · ");
}

const lost = connectionBanner();
$("conn").before(rulesButton(() => withHouseRules(rules(app.view?.options || {}), "pocketsub", app.lobby?.options)));

const keepAwake = wakeLock(() => !!app.view && app.view.phase !== "over");

// The table screen holds no seat, even where this browser took one.
start(table);

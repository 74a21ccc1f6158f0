// The debrief of a finished match, at /match/CODE: step through it version
// by version (buttons, a slider, arrow keys, Home/End, Page Up/Down) and
// see the board as it was, with the public log up to that step. It reads
// the replay endpoint (a view at version N through the game contract), so
// it serves every game; Captain Sonar gets both routes step by step with
// every torpedo, mine and drone where it happened, each Radio Operator's
// tracker picture beside the truth, and each crew's Engineer sheet and
// First Mate gauges. Only finished matches open: the server refuses the
// rest, so no secret of a match in play leaves it.

import { h, s, replace, damageTrack } from "../ui.js";
import { api } from "../room.js";
import { chartSVG, CELL } from "../map.js";
import { logList, lineOf } from "../log.js";
import { sheetSVG } from "../sonar/sheet.js";
import { drawBoard, hasBoard, turnAdapter } from "./boards.js";
import { turnPlay, STEP } from "../turnplay.js";
import { dataOf, reduced } from "../gamepage.js";
import { loadCatalogue, optionsText, when, minutes, resultTag, sidesOf, playerText, roleName, sideClass } from "./common.js";

const $ = (sel) => document.querySelector(sel);
const code = (/^\/match\/([A-Za-z0-9]+)\/?$/.exec(location.pathname)?.[1] || new URLSearchParams(location.search).get("room") || "").toUpperCase();
const app = { match: null, summary: null, lines: [], events: [], crewLines: [[], []], seats: [], final: null, v: 0, last: 0, want: 0, snap: null, turns: null };
const CREWS = ["blue", "red"];

function fail(text) {
  replace($("#main"), h("div", { class: "card" }, h("p", { class: "refusal", role: "alert", id: "refusal" }, text),
    h("p", {}, h("a", { class: "button", href: "/history" }, "Back to the history"))));
}

const replayURL = (v, seat) => `/api/replays/${code}/${v}?seat=${seat}`;

// sonarSeats picks, per crew, the seat whose view shows the most: the
// Radio Operator's (the tracker), else the crew's first seat.
function sonarSeats(players) {
  return [0, 1].map((t) => {
    const crew = players.filter((p) => p.team === t);
    return (crew.find((p) => (p.roles || []).includes("radio_operator")) || crew[0])?.seat;
  });
}

async function main() {
  if (!code) {
    fail("Which match? Open /match/CODE from the history.");
    return;
  }
  try {
    await loadCatalogue();
    app.match = await api("GET", `/api/matches/${code}`);
  } catch (err) {
    fail(`Match ${code}: ${err.message}`);
    return;
  }
  const m = app.match;
  app.summary = m.summary && Object.keys(m.summary).length ? m.summary : null;
  app.last = m.versions;
  $("#who").textContent = `${m.title} · ${m.code}`;
  document.title = `Debrief ${m.code} · Periscope`;
  try {
    app.events = await api("GET", `/api/matches/${code}/log`);
    app.lines = app.events.map(lineOf);
    if (m.game === "sonar" && m.players.length) {
      app.seats = sonarSeats(m.players);
      app.crewLines = await Promise.all(app.seats.map(async (seat) => (await api("GET", `/api/matches/${code}/log?seat=${seat}`)).map(lineOf)));
      app.final = (await api("GET", replayURL(app.last, -1))).view;
    }
  } catch (err) {
    fail(`Match ${code}: ${err.message}`);
    return;
  }
  const start = Number(new URLSearchParams(location.search).get("v"));
  await turns();
  layout();
  document.addEventListener("keydown", onKey);
  // /match/CODE#debrief (the end screen's "Debrief") opens at the last
  // step with the summary in view: who played, who won and why, and
  // Captain Sonar's debrief card.
  const debrief = location.hash === "#debrief";
  await go(debrief ? app.last : Number.isFinite(start) && start > 0 ? Math.min(start, app.last) : 0);
  if (debrief) ($("#summary") || $("#match-head")).scrollIntoView({ block: "start" });
}

function layout() {
  const m = app.match;
  app.summaryEl = app.summary?.sonar ? sonarSummary(app.summary.sonar) : null;
  const sides = sidesOf(m.players);
  replace($("#main"),
    stepper(),
    h("div", { id: "board" }),
    h("section", { class: "card", id: "match-head" },
      h("h1", {}, `${m.title}, ${when(m.finished)}`),
      h("p", { class: "small muted" }, [optionsText(m.game, m.options), minutes(m.minutes), `${m.versions} steps`].filter(Boolean).join(" · ")),
      h("div", { class: "sides" }, sides.map((sd) => h("div", { class: `side ${sideClass(sd.side, sd.team)}` },
        resultTag(sd.result), " ", h("b", {}, sd.side), ": ", sd.players.map(playerText).join(", ")))),
      m.outcome?.reason ? h("p", { id: "reason" }, m.outcome.reason) : null,
      m.error ? h("p", { class: "refusal", role: "alert" }, m.error) : null),
    h("section", { class: "card" }, h("h2", {}, "Announcements up to this step"), h("div", { id: "log" })));
}

function stepper() {
  const btn = (id, label, text, to) => h("button", { id, "aria-label": label, onclick: () => go(to()) }, text);
  return h("section", { class: "stepper", "aria-label": "step through the match" },
    h("div", { class: "buttons" },
      btn("step-first", "first step", "◀◀", () => 0),
      btn("step-back", "one step back", "◀ Back", () => app.v - 1),
      btn("step-next", "one step forward", "Next ▶", () => app.v + 1),
      btn("step-last", "last step", "▶▶", () => app.last)),
    h("input", { type: "range", id: "slider", min: 0, max: app.last, value: 0, "aria-label": "step", oninput: (e) => go(Number(e.target.value)) }),
    jumps(),
    h("div", { class: "where" }, h("span", { id: "where", "aria-live": "polite" }), h("span", { class: "small muted keys" }, "Keys: ← → · Home End · Page Up/Down")),
    h("p", { id: "now", class: "small" }));
}

// jumps are the turning points as buttons beside the slider: one tap to
// the first hit, a surfacing, the winning shot (the summary below tells
// each in full).
function jumps() {
  const moments = app.summary?.sonar?.moments || [];
  if (!moments.length) return null;
  return h("nav", { class: "jumps", id: "jumps", "aria-label": "turning points" },
    moments.map((mo) => h("button", { "data-moment": mo.kind, "data-step": mo.v, title: mo.text, onclick: () => go(mo.v) },
      `${MOMENTS[mo.kind] || mo.kind} · ${mo.v}`)));
}

function onKey(e) {
  if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
  const jump = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 }[e.key];
  if (e.target.id === "slider" && (e.key === "ArrowRight" || e.key === "ArrowLeft")) return; // the slider moves itself
  if (jump) go(app.v + jump);
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(app.last);
  else return;
  e.preventDefault();
}

// go moves to version v; answers of steps left behind are dropped.
async function go(v) {
  v = Math.max(0, Math.min(app.last, v));
  app.v = v;
  const want = ++app.want;
  $("#slider").value = v;
  $("#where").textContent = `Step ${v} of ${app.last}`;
  document.body.dataset.v = String(v);
  $("#step-first").disabled = $("#step-back").disabled = v === 0;
  $("#step-next").disabled = $("#step-last").disabled = v === app.last;
  const upTo = app.lines.filter((l) => l.v <= v);
  $("#now").textContent = upTo.length ? `Last announcement: ${upTo[upTo.length - 1].text}` : "Before the first announcement.";
  replace($("#log"), logList(upTo, { limit: 60 }));
  let snaps;
  try {
    const seats = app.match.game === "sonar" && app.seats.length === 2 ? app.seats : [-1];
    snaps = await Promise.all(seats.map((seat) => api("GET", replayURL(v, seat))));
  } catch (err) {
    if (want === app.want) replace($("#board"), h("p", { class: "refusal", role: "alert" }, `Step ${v}: ${err.message}`));
    return;
  }
  if (want !== app.want) return;
  if (app.match.game === "sonar" && snaps.length === 2) sonarBoard(v, snaps.map((x) => x.view));
  else await genericBoard(snaps[0].view, want);
  if (want !== app.want) return;
  document.body.dataset.shown = String(v);
}

// genericBoard shows any game's public view at this step: its own board
// where the debrief knows how to draw it (boards.js), else the view as
// data. Answers of steps left behind are dropped.
async function genericBoard(view, want) {
  const board = await drawBoard(app.match.game, view);
  if (want !== app.want) return;
  const parts = [h("h2", {}, "The board at this step")];
  if (board) {
    parts.push(board);
  } else if (hasBoard(app.match.game)) {
    parts.push(h("p", { class: "muted" }, "No board yet at this step: it is laid out when the match starts."));
  } else {
    parts.push(h("pre", { class: "view", "aria-label": "the public view" }, JSON.stringify(view, null, 2)));
  }
  replace($("#board"), h("section", { class: "card", "data-board": "generic", "data-drawn": board ? "1" : null }, parts));
  // The turn plays on while the page answers the next key.
  if (board && app.turns) playTurn(board, view, want);
}

// turns readies the turn play of a pocket game (../turnplay.js with the
// game's turn.js adapter), watching as the table does (seat -1): the
// debrief then plays each turn's moves on the board, as the phones did.
async function turns() {
  const tapp = { seat: -1, view: null, replay: { snap: { view: null } }, queue: [], render: () => {} };
  const adapter = await turnAdapter(app.match.game, tapp);
  if (!adapter) return;
  app.turns = { tapp, adapter, tp: turnPlay(tapp, adapter) };
}

// turnGroups are the steps of the turn version v is in, up to v: one
// group per step (a move, an attack) with the events that complete it (a
// roll's loss), from the first step of the side that acted last.
function turnGroups(v) {
  const { adapter, tapp } = app.turns;
  const groups = [];
  for (const e of app.events) {
    if (e.v > v) break;
    const st = adapter.step(e, dataOf(e) || {}, tapp);
    if (!st) continue;
    if (st.merge) {
      if (groups.length) groups[groups.length - 1].events.push(e);
      continue;
    }
    if (groups.length && groups[0].actor !== st.actor) groups.length = 0;
    groups.push({ v: e.v, actor: st.actor, events: [e] });
  }
  return groups;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// playTurn marks the turn of this step on board (the game's drawing of
// view): the steps before this version at once, this version's own one
// by one at the pace of the live page, each left marked, with the "what
// happened" card under the board telling them in words.
async function playTurn(board, view, want) {
  const { tapp, tp } = app.turns;
  tapp.view = view;
  tapp.replay.snap.view = view;
  const { adapter } = app.turns;
  const svg = adapter.canvas ? adapter.canvas(board) : board.matches?.("svg") ? board : board.querySelector?.("svg");
  if (!svg) return;
  const slot = h("div", { class: "tp-slot", id: "turn-slot" });
  svg.closest("[data-board]").append(slot);
  const groups = turnGroups(app.v);
  let from = groups.findIndex((g) => g.v === app.v);
  if (from < 0 || reduced.matches) from = groups.length - 1;
  const show = (n) => {
    tp.replay(groups.slice(0, n).flatMap((g) => g.events));
    for (const old of svg.querySelectorAll(".tp-marks")) old.remove();
    tp.overlay(svg);
    const card = tp.card();
    slot.replaceChildren(...(card ? [card] : []));
    Object.assign(svg.closest("[data-board]").dataset, { turnShown: String(n), turnSteps: String(groups.length) });
  };
  show(Math.max(0, from + 1));
  for (let n = from + 2; n <= groups.length; n++) {
    await sleep(STEP);
    if (want !== app.want) return;
    show(n);
  }
}

// sailed counts the cells crew t had sailed by version v: its start, one
// per course, a silence's distance (from the crew's own log).
function sailed(t, v) {
  let n = 0;
  for (const l of app.crewLines[t]) {
    if (l.v > v || l.crew !== CREWS[t]) continue;
    if (l.kind === "start_cell") n += 1;
    else if (l.kind === "course") n += 1;
    else if (l.kind === "silent_run") n += l.distance || 0;
  }
  return n;
}

const FIRE = { torpedo: "T", trigger: "M", archer: "A" };

// marks draws where every torpedo, mine and drone of the match so far
// struck, with a letter for what it was; the newest is ringed.
function marks(v) {
  return (g) => {
    const layer = s("g", { class: "marks" });
    const seen = app.lines.filter((l) => l.v <= v);
    const newest = seen.length ? seen[seen.length - 1].v : -1;
    for (const l of seen) {
      if (FIRE[l.kind] && l.cell) {
        const c = cellOf(l.cell);
        if (!c) continue;
        layer.append(s("g", { "data-mark": l.kind, "data-cell": l.cell },
          s("circle", { class: `fire ${l.crew || ""}`, cx: g.cx(c.col), cy: g.cy(c.row), r: CELL * 0.36 }),
          s("text", { class: "firetext", x: g.cx(c.col), y: g.cy(c.row) }, FIRE[l.kind]),
          s("title", {}, l.text)));
        if (l.v === newest) layer.append(s("rect", { class: "now", x: g.x(c.col - 1), y: g.y(c.row - 1), width: CELL * 3, height: CELL * 3 }));
      }
      if (l.kind === "sonar") {
        // A sonar has no target cell: it is marked where the asking sub
        // was, with the enemy's answer in its title.
        const t = CREWS.indexOf(l.crew);
        const at = t >= 0 ? (app.final?.reveal?.crews?.[t]?.track || [])[sailed(t, l.v) - 1] : null;
        const c = cellOf(at);
        const answer = seen.find((a) => a.kind === "sonar_answer" && a.v >= l.v);
        if (c) {
          layer.append(s("g", { "data-mark": "sonar", "data-cell": at },
            s("circle", { class: `fire sonar ${l.crew}`, cx: g.cx(c.col), cy: g.cy(c.row), r: CELL * 0.36 }),
            s("text", { class: "firetext", x: g.cx(c.col), y: g.cy(c.row) }, "S"),
            s("title", {}, answer ? `${l.text}: ${answer.text}` : l.text)));
        }
      }
      if (l.kind === "drone" && l.sector) {
        const per = g.size / 5;
        const row = Math.floor((l.sector - 1) / per);
        const col = (l.sector - 1) % per;
        layer.append(s("g", { "data-mark": "drone" },
          s("rect", { class: "dronebox", x: g.x(col * 5), y: g.y(row * 5), width: CELL * 5, height: CELL * 5 }),
          s("text", { class: "dronetext", x: g.x(col * 5) + 12, y: g.y(row * 5) + 12 }, "D"),
          s("title", {}, l.text)));
      }
    }
    return layer;
  };
}

function cellOf(name) {
  const m = /^([A-Z])(\d+)$/.exec(name || "");
  return m ? { col: m[1].charCodeAt(0) - 65, row: Number(m[2]) - 1 } : null;
}

function sonarBoard(v, views) {
  const chart = app.final?.chart || views[0].chart;
  const reveal = {
    crews: [0, 1].map((t) => {
      const track = (app.final?.reveal?.crews?.[t]?.track || []).slice(0, sailed(t, v));
      const own = views[t].own || {};
      return { crew: CREWS[t], track, position: own.position, mines: own.mines || [] };
    }),
  };
  const pub = views[0].public;
  const truth = h("section", { class: "card truth", "data-board": "sonar" },
    h("h2", {}, "Where they really were"),
    chartSVG(chart, { label: `both routes at step ${v}`, reveal, archer: chart.archer, overlay: marks(v) }),
    h("p", { class: "small muted" }, "Blue: solid line, B. Red: dashed line, R. ▼ start, M mine laid. Ringed letters: T torpedo, M mine set off, A Archer mine, S sonar (where the asking sub was), D drone sector; the newest strike is boxed."));
  // The summary is built once and moved into the grid at every step: on
  // the table screen it sits under the routes, beside the crews.
  replace($("#board"), h("div", { class: "debrief-grid" }, truth, crewCard(0, views, pub, chart), crewCard(1, views, pub, chart), app.summaryEl));
}

function crewCard(t, views, pub, chart) {
  const crew = CREWS[t];
  const own = views[t].own;
  const radio = views[t].radio;
  const enemyAt = views[1 - t].own?.position;
  const damage = pub?.crews?.find((c) => c.crew === crew)?.damage || 0;
  const parts = [h("h2", {}, `${crew === "blue" ? "Blue" : "Red"} crew`), h("div", { class: "row" }, damageTrack(damage), `${damage}/4 damage`)];
  if (radio && !radio.lost) {
    const inside = enemyAt && (radio.cells || []).includes(enemyAt);
    parts.push(h("h3", {}, "Radio Operator's picture"),
      chartSVG(chart, {
        label: `${crew} Radio Operator's picture at this step`,
        heat: radio,
        overlay: enemyAt ? (g) => {
          const c = cellOf(enemyAt);
          return s("g", { "data-enemy": enemyAt }, s("circle", { class: "enemy", cx: g.cx(c.col), cy: g.cy(c.row), r: CELL * 0.45 }),
            s("text", { class: "tracktext", x: g.cx(c.col), y: g.cy(c.row), fill: "#fff" }, crew === "blue" ? "R" : "B"));
        } : null,
      }),
      h("p", { class: "small", "data-radio": crew },
        `${(radio.cells || []).length} possible cell${(radio.cells || []).length === 1 ? "" : "s"}. `,
        enemyAt ? h("span", { class: "verdict " + (inside ? "in" : "out") },
          inside ? `✓ The enemy was in the picture, at ${enemyAt}.` : `✗ The enemy was outside the picture, at ${enemyAt}.`) : "The enemy has not started yet."));
  } else if (radio?.lost) {
    parts.push(h("p", { class: "small" }, "The tracker lost the enemy here: the Radio Operator worked by hand."));
  }
  if (own?.gauges) {
    parts.push(h("h3", {}, "First Mate's gauges"), h("div", { class: "dgauges" }, own.gauges.flatMap((gg) => [
      h("span", {}, roleName(gg.system)),
      h("span", { class: "dgauge", role: "img", "aria-label": `${gg.system} ${gg.marks} of ${gg.size}` }, h("span", { style: `width:${(100 * gg.marks) / gg.size}%` })),
      h("span", { class: "small" }, `${gg.marks}/${gg.size}${gg.ready ? " ready" : ""}`),
    ])));
  }
  if (own?.sheet) parts.push(h("h3", {}, "Engineer's sheet"), sheetSVG(own, () => {}));
  return h("section", { class: `card crewcard ${crew}`, "data-crew": crew }, parts);
}

// count writes "1 repair", "2 repairs".
const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

const MOMENTS = { first_hit: "First hit", hit: "Hit", surface: "Surfaced", winning_shot: "The winning shot", destroyed: "Destroyed", over: "The end" };
const TAKEN = { torpedo: "enemy torpedoes", mine: "enemy mines", "own torpedo": "its own torpedoes", "own mine": "its own mines", "archer mine": "Archer mines", breakdown: "breakdowns", ice: "the ice" };

function sonarSummary(son) {
  const crews = son.crews.map((c, t) => {
    const taken = Object.entries(c.taken_by || {}).map(([k, n]) => `${n} from ${TAKEN[k] || k}`).join(", ");
    const systems = Object.entries(c.systems || {}).map(([k, n]) => `${k} ${n}`).join(", ");
    const charges = Object.values(c.charges || {}).reduce((a, b) => a + b, 0);
    const radio = c.radio || [];
    return h("div", { class: `side ${c.crew}`, "data-summary": c.crew },
      h("b", {}, c.crew === "blue" ? "Blue" : "Red"),
      h("ul", { class: "small" },
        h("li", {}, `Damage taken: ${c.damage_taken}${taken ? ` (${taken})` : ""}; dealt: ${c.damage_dealt}`),
        h("li", {}, `Captain: ${count(c.moves, "move")}, ${count(c.surfacings, "surfacing")}; systems: ${systems || "none"}`),
        h("li", {}, `First Mate: ${count(charges, "charge")}`),
        h("li", {}, `Engineer: ${count(c.marks, "symbol")} crossed out, ${count(c.repairs, "repair")}, ${count(c.overloads, "overload")}`),
        radio.length ? h("li", {}, `Radio Operator: the picture went from ${radio[0].cells} to ${count(radio[radio.length - 1].cells, "cell")} over ${count(radio.length, "announcement")}`) : null));
  });
  return h("section", { class: "card", id: "summary" },
    h("h2", {}, "Debrief"),
    h("div", { class: "sides" }, crews),
    radioChart(son.crews),
    son.moments.length ? [h("h3", {}, "Turning points"), h("ul", { class: "moments" }, son.moments.map((mo) => h("li", {},
      h("button", { "data-moment": mo.kind, onclick: () => jump(mo.v) }, `Step ${mo.v} · ${MOMENTS[mo.kind] || mo.kind}: ${mo.text}`))))] : null);
}

// jump goes to a turning point and brings the board into view, just under
// the stepper: on a phone the list of turning points is far below it.
function jump(v) {
  go(v);
  const top = $("#board").getBoundingClientRect().top - $(".stepper").getBoundingClientRect().height;
  if (top < 0 || top > window.innerHeight / 2) window.scrollBy({ top, behavior: "instant" });
}

// radioChart draws how many cells each Radio Operator's picture held after
// each enemy announcement: a line per crew, with B and R at the ends.
function radioChart(crews) {
  const series = crews.map((c) => c.radio || []).filter((r) => r.length);
  if (!series.length) return null;
  const W = 360, H = 160, L = 34, R = 22, T = 14, B = 22;
  const maxC = Math.max(1, ...crews.flatMap((c) => (c.radio || []).map((p) => p.cells)));
  const x = (v) => L + ((W - L - R) * v) / Math.max(1, app.last);
  const y = (n) => T + (H - B - T) * (1 - Math.log(n) / Math.log(Math.max(2, maxC)));
  const svg = s("svg", { class: "bars", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "cells in each Radio Operator's picture, step by step" },
    s("text", { x: 0, y: y(maxC) }, String(maxC)), s("text", { x: 0, y: y(1) }, "1"),
    s("text", { x: L, y: H - 11 }, "step 1"), s("text", { x: W - 2, y: H - 11, "text-anchor": "end" }, `step ${app.last}`));
  crews.forEach((c, t) => {
    const pts = c.radio || [];
    if (!pts.length) return;
    svg.append(s("polyline", { points: pts.map((p) => `${x(p.v)},${y(p.cells)}`).join(" "), fill: "none",
      stroke: t ? "var(--red)" : "var(--blue)", "stroke-width": 3, "stroke-dasharray": t ? "6 4" : "" }));
    // Each line's letter after its last point: Blue's above the line,
    // Red's below, so two lines ending together stay readable.
    const lastP = pts[pts.length - 1];
    const ly = Math.min(H - B - 2, Math.max(T - 4, y(lastP.cells) + (t ? 10 : -10)));
    svg.append(s("text", { class: "num", x: Math.min(W - 12, x(lastP.v) + 4), y: ly }, t ? "R" : "B"));
  });
  return [h("h3", {}, "How close did each Radio Operator get?"), svg,
    h("p", { class: "small muted" }, "Possible enemy cells after each announcement (log scale). Blue: solid line, B; Red: dashed, R.")];
}

main();

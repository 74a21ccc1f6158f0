// The table screen (a laptop or TV): both crews' public status, whose turn
// it is, the public log, and at the end the winner with both voyages.
// It connects as a spectator: it never holds a secret.

import { Conn, badge } from "../net.js";
import { roomCode, api } from "../room.js";
import { h, s as svgEl, replace, damageTrack, wakeLock, dirStep } from "../ui.js";
import { chartSVG } from "../map.js";
import { logList, mergeEvents, enemyLines } from "../log.js";
import { seatList, qrCard } from "../waiting.js";
import { outcomeBanner } from "./reveal.js";
import { whatNext } from "../next.js";
import { connectionBanner, soundToggle, soundOn, beep, useAids } from "../banner.js";

const $ = (sel) => document.querySelector(sel);
const code = roomCode();
let lobby = null;
let view = null;
let lines = []; // the public log, kept from the room's events
const keepAwake = wakeLock(() => lobby?.state === "playing");
let lastTurn = null; // the turn line last shown: a change beeps, if wanted

function turnText(pub) {
  if (pub.outcome) return "Match over";
  if (!pub.started) return "Waiting for the host to start";
  if (!pub.playing) return "Captains are choosing their secret starts";
  if (pub.sonar_pending) return `Sonar! The ${pub.sonar_pending.toUpperCase()} Captain must answer`;
  if (pub.mode === "turnbased" && pub.turn) {
    return `${pub.turn.toUpperCase()}'S TURN` + (pub.bonus ? ` (${pub.bonus} bonus turn${pub.bonus > 1 ? "s" : ""} left)` : "");
  }
  return "Real time: both crews sail";
}

// movedThisTurn: the crew in turn has announced its move (course, silence
// or surfacing) since the last "turn" event, so its First Mate and
// Engineer are at work. Public events only: the table holds no secret.
function movedThisTurn(crew) {
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i];
    if (l.kind === "turn") return false;
    if (l.crew === crew && ["course", "silence", "surface"].includes(l.kind)) return true;
  }
  return false;
}

// waitingOn is what a crew is busy with, as the table can tell it.
function waitingOn(pub, crew) {
  const c = pub.crews.find((x) => x.crew === crew);
  if (!c || pub.outcome || !pub.started) return "";
  if (c.damage >= 4) return "Sunk";
  if (!c.dived) return "Captain: choosing a secret start";
  if (pub.sonar_pending === crew) return "Captain: answering the enemy's sonar";
  if (c.surfaced) {
    if (pub.mode !== "realtime") return "Surfaced: the enemy plays its turns";
    if (c.inspected) return "Inspection passed: the Captain dives";
    if ((c.secured || 0) >= 4) return "Enemy Engineer: inspecting the sheet";
    return `Crew: tracing the submarine's sections (${c.secured || 0}/4)`;
  }
  if (!pub.playing) return "Ready: waiting for the enemy's start";
  if (pub.mode === "turnbased") {
    if (pub.turn !== crew) return "Waiting for its turn";
    return movedThisTurn(crew)
      ? "First Mate and Engineer, then the Captain ends the turn"
      : "Captain: choosing a heading";
  }
  return "Sailing: the Captain calls headings";
}

// Systems a crew used, as its announcements say: what the enemy knows.
const USED = [
  ["torpedo", "Torpedo"], ["mine_dropped", "Mine dropped"], ["trigger", "Mine set off"],
  ["drone", "Drone"], ["sonar", "Sonar"], ["silence", "Silence"], ["surface", "Surfaced"],
];

function systemsUsed(crew) {
  const n = {};
  for (const l of lines) {
    if (l.crew === crew && !l.private) n[l.kind] = (n[l.kind] || 0) + 1;
  }
  const used = USED.filter(([k]) => n[k]);
  return h("p", { class: "tv-used", "data-used": crew },
    used.length ? used.map(([k, label]) => h("span", { class: "pill", "data-kind": k }, `${label} ×${n[k]}`)) : h("span", { class: "muted" }, "No system used yet"));
}

// heardTrack draws a crew's route as the enemy Radio Operator hears it:
// the announced headings from its dive or its last surfacing, a "?" where
// it went silent (distance and heading unheard), a mine where it dropped
// one. Where on the map it lies is what the enemy must work out: the
// drawing has no map under it.
function heardTrack(crew) {
  const heard = enemyLines(lines, crew === "blue" ? "red" : "blue");
  let from = 0;
  heard.forEach((l, i) => { if (l.kind === "surface") from = i; });
  let x = 0;
  let y = 0;
  const pts = [[0, 0]];
  const marks = [];
  let surfaced = "";
  heard.slice(from).forEach((l) => {
    if (l.kind === "course" && dirStep[l.dir]) {
      x += dirStep[l.dir][0];
      y += dirStep[l.dir][1];
      pts.push([x, y]);
    } else if (l.kind === "silence") marks.push(["?", x, y]);
    else if (l.kind === "mine_dropped") marks.push(["✱", x, y]);
    else if (l.kind === "surface") surfaced = `surfaced in sector ${l.sector}: a new track`;
  });
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const minX = Math.min(...xs) - 1;
  const minY = Math.min(...ys) - 1;
  const w = Math.max(Math.max(...xs) - minX + 1, 6);
  const hh = Math.max(Math.max(...ys) - minY + 1, 4);
  const svg = svgEl("svg", { class: "tv-track", viewBox: `${minX} ${minY} ${w} ${hh}`, role: "img", "aria-label": `${crew}'s track as heard`, "data-steps": pts.length - 1 });
  svg.append(svgEl("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "heard " + crew }));
  svg.append(svgEl("rect", { x: -0.25, y: -0.25, width: 0.5, height: 0.5, class: "heard-start" }));
  svg.append(svgEl("circle", { cx: x, cy: y, r: 0.35, class: "heard-now " + crew }));
  for (const [t, mx, my] of marks) svg.append(svgEl("text", { x: mx + 0.3, y: my - 0.3, class: "heard-mark", "font-size": 0.9 }, t));
  return h("div", { class: "tv-heard" },
    h("h3", {}, `As the enemy hears it: ${pts.length - 1} heading${pts.length === 2 ? "" : "s"}`, surfaced ? h("span", { class: "muted" }, ` · ${surfaced}`) : null),
    svg);
}

// lastSaid is the crew's latest public announcements, newest first.
function lastSaid(crew) {
  return logList(lines.filter((l) => l.crew === crew && !l.private && l.kind !== "turn"), { limit: 3 });
}

function crewCard(pub, crew) {
  const c = pub.crews.find((x) => x.crew === crew);
  const seats = (lobby?.seats || []).filter((s) => s.team === (crew === "blue" ? 0 : 1));
  const status = [];
  if (c.damage >= 4) status.push(h("span", { class: "pill bad" }, "SUNK"));
  else if (!c.dived) status.push(h("span", { class: "pill wait" }, "choosing start"));
  else if (c.surfaced) {
    status.push(h("span", { class: "pill bad" }, `SURFACED in sector ${c.sector}`));
    if (pub.mode === "realtime") {
      status.push(h("span", { class: "pill" }, `secured ${c.secured || 0}/4`));
      if (c.inspected) status.push(h("span", { class: "pill ok" }, "inspected: ready to dive"));
      else if (c.secured === 4) status.push(h("span", { class: "pill wait" }, "enemy Engineer inspecting"));
    }
  } else status.push(h("span", { class: "pill ok" }, "submerged"));
  return h("div", { class: "crewstat " + crew, "data-crew": crew },
    h("h2", {}, crew === "blue" ? "Blue submarine" : "Red submarine"),
    h("div", { class: "row" }, damageTrack(c.damage, true), h("span", { "data-damage": c.damage }, `${c.damage}/4 damage`)),
    h("div", { class: "pills", style: "margin-top:8px" }, status),
    waitingOn(pub, crew) ? h("p", { class: "waiting-on", "data-waiting": crew }, waitingOn(pub, crew)) : null,
    systemsUsed(crew),
    c.dived ? heardTrack(crew) : null,
    h("div", { class: "tv-said", "data-said": crew }, lastSaid(crew)),
    h("ul", { class: "small muted tv-seats" }, seats.map((s) => h("li", {}, `${s.label.replace(/^(Blue|Red) /, "")}: ${s.bot ? "Bot" : s.name || "free"}`))));
}

function render() {
  keepAwake();
  const main = $("#main");
  if (!lobby) return;
  $("#who").textContent = `${lobby.title} · ${lobby.code}`;
  const parts = [];
  document.body.dataset.state = lobby.state;
  if (lobby.state === "waiting") {
    // The join part is drawn once: a redraw would fetch the QR code again
    // (never cached) and flash this screen's own address until the
    // server's LAN link is back. Only the seats follow the room.
    let join = main.querySelector(".tv-join");
    if (!join) {
      join = h("div", { class: "tv-join" },
        h("div", {}, h("h1", {}, "Join the crews"),
          h("p", { class: "tv-steps" }, "Scan the code with your phone's camera, type your name, take a seat. The host starts when every seat is taken."),
          qrCard(lobby.code)),
        h("div", { class: "tv-seatlist" }));
      replace(main, join);
    }
    replace(join.querySelector(".tv-seatlist"), seatList(lobby, {}));
    return;
  }
  if (!view) {
    replace(main, h("p", {}, "Loading…"));
    return;
  }
  const pub = view.public;
  if (pub.outcome) parts.push(outcomeBanner(pub.outcome, null), whatNext({ table: true }));
  const turn = turnText(pub);
  if (turn !== lastTurn && lastTurn !== null && soundOn()) beep();
  lastTurn = turn;
  // At the end the outcome says it: no turn banner to take the room.
  if (!pub.outcome) parts.push(h("div", { class: "turnbanner", id: "turn-banner" }, turn));
  parts.push(h("div", { class: "table-grid" },
    crewCard(pub, "blue"),
    h("div", { class: "mapcol" }, chartSVG(view.chart, {
      label: pub.outcome ? "both voyages" : "the map",
      archer: pub.archer_mines,
      reveal: view.reveal,
    }), view.reveal ? h("p", { class: "small muted", style: "text-align:center" }, "Blue: solid line · Red: dashed line · ▼ start") : null),
    crewCard(pub, "red"),
    h("div", { class: "logcol" }, h("h2", {}, "Announcements"), logList(lines, { tall: true }))));
  replace(main, parts);
  fitChart();
}

// fitChart gives the chart the height the grid has left on this screen
// (a TV does not scroll): the grid fills what the banners leave.
function fitChart() {
  const grid = document.querySelector(".table-grid");
  if (!grid) return;
  grid.style.removeProperty("--chart-h");
  const cap = grid.querySelector(".mapcol > p");
  const room = grid.clientHeight - (cap ? cap.offsetHeight : 0) - 4;
  if (room > 100) grid.style.setProperty("--chart-h", `${room}px`);
  // Says which screen size the chart was fitted for: a resize is only
  // done once this matches the window (tests wait on it).
  grid.dataset.fitted = `${innerWidth}x${innerHeight}`;
}
window.addEventListener("resize", () => fitChart());

async function main() {
  if (!code) {
    replace($("#main"), h("p", {}, "Which room? Open /table/CODE or /table.html?room=CODE."));
    return;
  }
  try {
    lobby = await api("GET", `/api/rooms/${encodeURIComponent(code)}`);
  } catch (err) {
    replace($("#main"), h("div", { class: "refusal" }, `Room ${code}: ${err.message}`));
    return;
  }
  if (lobby.game !== "sonar") {
    replace($("#main"), h("p", {}, `Room ${code} plays ${lobby.title}: the table screen shows Captain Sonar matches.`), seatList(lobby, {}));
    return;
  }
  useAids();
  document.body.classList.add("tv");
  $("#conn").before(soundToggle());
  render();
  const lost = connectionBanner({ hint: "Is Periscope still running on this computer?" });
  new Conn(code, "", {
    welcome(msg) {
      lobby = msg.room || lobby;
      view = msg.view || view;
      lines = mergeEvents(lines, msg.events);
      render();
    },
    update(msg) {
      view = msg.view || view;
      lines = mergeEvents(lines, msg.events);
      render();
    },
    room(l) {
      lobby = l;
      render();
    },
    state(state, attempt) { badge($("#conn"), state, attempt); lost(state, attempt); },
  }).start();
}

main();

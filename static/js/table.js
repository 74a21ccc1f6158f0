// The table screen (a laptop or TV): both crews' public status, whose turn
// it is, the public log, and at the end the winner with both voyages.
// It connects as a spectator: it never holds a secret.

import { Conn, badge } from "./net.js";
import { roomCode, api } from "./room.js";
import { h, replace, damageTrack, wakeLock } from "./ui.js";
import { chartSVG } from "./map.js";
import { logList, mergeEvents } from "./log.js";
import { seatList, qrCard } from "./waiting.js";
import { outcomeBanner } from "./reveal.js";
import { whatNext } from "./next.js";

const $ = (sel) => document.querySelector(sel);
const code = roomCode();
let lobby = null;
let view = null;
let lines = []; // the public log, kept from the room's events
const keepAwake = wakeLock(() => lobby?.state === "playing");

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
    h("ul", { class: "small muted" }, seats.map((s) => h("li", {}, `${s.label.replace(/^(Blue|Red) /, "")}: ${s.bot ? "Bot" : s.name || "free"}`))));
}

function render() {
  keepAwake();
  const main = $("#main");
  if (!lobby) return;
  $("#who").textContent = `${lobby.title} · ${lobby.code}`;
  const parts = [];
  if (lobby.state === "waiting") {
    parts.push(h("h1", {}, "Join the crews"), qrCard(lobby.code), seatList(lobby, {}));
    replace(main, parts);
    return;
  }
  if (!view) {
    replace(main, h("p", {}, "Loading…"));
    return;
  }
  const pub = view.public;
  if (pub.outcome) parts.push(outcomeBanner(pub.outcome, null), whatNext({ table: true }));
  parts.push(h("div", { class: "turnbanner", id: "turn-banner" }, turnText(pub)));
  parts.push(h("div", { class: "table-grid" },
    crewCard(pub, "blue"),
    h("div", {}, chartSVG(view.chart, {
      label: pub.outcome ? "both voyages" : "the map",
      archer: pub.archer_mines,
      reveal: view.reveal,
    }), view.reveal ? h("p", { class: "small muted", style: "text-align:center" }, "Blue: solid line · Red: dashed line · ▼ start") : null),
    crewCard(pub, "red"),
    h("div", { class: "logcol" }, h("h2", {}, "Announcements"), logList(lines, { tall: true }))));
  replace(main, parts);
}

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
  render();
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
    state(state, attempt) { badge($("#conn"), state, attempt); },
  }).start();
}

main();

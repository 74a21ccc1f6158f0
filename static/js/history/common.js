// Shared by the history, stats and debrief pages: the catalogue's titles,
// option summaries, dates, roles and results as people read them, and a
// bar chart in SVG.

import { h, s } from "../ui.js";
import { api } from "../room.js";

let catalogue = [];

// loadCatalogue reads GET /api/games once.
export async function loadCatalogue() {
  if (!catalogue.length) catalogue = await api("GET", "/api/games");
  return catalogue;
}

export function gameOf(name) {
  return catalogue.find((g) => g.name === name) || { name, title: name, options: [] };
}

// optionsText names a match's options as the lobby labels them: the basic
// ones always, the advanced ones when set.
export function optionsText(game, options) {
  const set = options || {};
  const parts = [];
  for (const o of gameOf(game).options || []) {
    const has = Object.hasOwn(set, o.key);
    if (o.advanced && !has) continue;
    const v = has ? set[o.key] : o.default;
    if (o.kind === "bool") {
      if (v === true) parts.push(o.label);
    } else if (o.kind === "int") {
      parts.push(intText(o.label, v));
    } else {
      const c = (o.choices || []).find((x) => JSON.stringify(x.value) === JSON.stringify(v));
      if (c) parts.push(c.label.split(":")[0]);
    }
  }
  return parts.join(" · ");
}

// intText reads a number option as words, from its label's own hints:
// "Round limit (0 = none)" at 0 is "Round limit: none", "Re-roll timer
// (seconds, 0 = none)" at 60 is "Re-roll timer: 60 seconds", never the
// raw label followed by the number.
export function intText(label, v) {
  const m = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(label || "");
  if (!m) return `${label}: ${v}`;
  let unit = "";
  for (const hint of m[2].split(",").map((x) => x.trim())) {
    const eq = /^(-?\d+)\s*=\s*(.+)$/.exec(hint);
    if (eq && Number(eq[1]) === Number(v)) return `${m[1]}: ${eq[2]}`;
    if (!eq) unit = hint;
  }
  return `${m[1]}: ${v}${unit ? " " + unit : ""}`;
}

export function when(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

export function minutes(m) {
  if (!m) return "";
  return m < 1 ? "under a minute" : `${Math.round(m)} min`;
}

const roleNames = { captain: "Captain", first_mate: "First Mate", engineer: "Engineer", radio_operator: "Radio Operator", player: "Player" };

export function roleName(r) {
  return roleNames[r] || r.replace(/_/g, " ");
}

// resultTag says a result in words and a mark, never by colour alone.
export function resultTag(result) {
  const text = { won: "✓ Won", lost: "✗ Lost", draw: "= Draw", abandoned: "– Abandoned" }[result] || "";
  return text ? h("span", { class: "result " + result, "data-result": result }, text) : null;
}

// sidesOf groups a match's players by team, in team order.
export function sidesOf(players) {
  const by = new Map();
  for (const p of players || []) {
    if (!by.has(p.team)) by.set(p.team, { team: p.team, side: p.side, result: p.result, players: [] });
    const sd = by.get(p.team);
    sd.players.push(p);
    if (p.result) sd.result = p.result;
  }
  return [...by.values()].sort((a, b) => a.team - b.team);
}

// sideClass colours a side by its name when it is a colour (Blue, Red:
// whatever its team number), else by team; the name is always written too.
export function sideClass(name, team) {
  const n = (name || "").toLowerCase();
  return n === "blue" || n === "red" ? n : `t${team}`;
}

export function playerText(p) {
  const name = p.bot ? "Bot" : p.name || "(empty seat)";
  const roles = (p.roles || []).filter((r) => r !== "player").map(roleName).join(" + ");
  return roles ? `${name} (${roles})` : name;
}

// bars draws one labelled bar per row: {label, value 0..1, text, cls}. The
// numbers are written beside each bar, so the chart reads without colour.
export function bars(rows, label) {
  const W = 360;
  const ROW = 34;
  const LABEL = 132;
  const TEXT = 100;
  const svg = s("svg", { class: "bars", viewBox: `0 0 ${W} ${rows.length * ROW + 4}`, role: "img", "aria-label": label });
  rows.forEach((r, i) => {
    const y = i * ROW + 2;
    const width = W - LABEL - TEXT;
    svg.append(
      s("text", { x: 0, y: y + ROW / 2 }, r.label.length > 15 ? r.label.slice(0, 14) + "…" : r.label),
      s("rect", { class: "track", x: LABEL, y: y + 6, width, height: ROW - 12, rx: 4 }),
      s("rect", { class: "fill " + (r.cls || ""), x: LABEL, y: y + 6, width: Math.max(0, Math.min(1, r.value)) * width, height: ROW - 12, rx: 4 }),
      s("text", { class: "num", x: LABEL + width + 6, y: y + ROW / 2 }, r.text));
  });
  return svg;
}

export function pct(rate) {
  return `${Math.round((rate || 0) * 100)}%`;
}

// extraNames are Captain Sonar's counts, as the stats name them.
export const extraNames = {
  hits: "Damage dealt",
  torpedoes: "Torpedoes fired",
  "captain.torpedo": "Captain: torpedoes",
  "captain.mine": "Captain: mines dropped",
  "captain.trigger": "Captain: mines triggered",
  "captain.drone": "Captain: drones",
  "captain.sonar": "Captain: sonars",
  "captain.silence": "Captain: silences",
  "first_mate.charges": "First Mate: gauge charges",
  "engineer.marks": "Engineer: symbols crossed out",
  "engineer.repairs": "Engineer: circuits repaired",
  "engineer.overloads": "Engineer: overloads",
  "radio_operator.announcements": "Radio Operator: announcements followed",
};

export function extrasList(extras) {
  const keys = Object.keys(extras || {}).sort((a, b) => Object.keys(extraNames).indexOf(a) - Object.keys(extraNames).indexOf(b));
  if (!keys.length) return null;
  return h("ul", { class: "small" }, keys.map((k) => h("li", {}, `${extraNames[k] || k}: ${extras[k]}`)));
}

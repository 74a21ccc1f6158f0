// The hex map as SVG: flat-topped tiles in axial coordinates (q, r), the
// first player's base at 0,0 and the map growing north. Each player sees
// their own base at the bottom; a spectator sees the first player's.

import { s } from "../ui.js";

export const SIZE = 40; // hex radius in SVG units
const ROOT3 = Math.sqrt(3);

export const TEAM = ["Raven", "Wolf"];
export const TEAM_MARK = ["●", "◆"]; // shapes as well as colours

export function parseAt(at) {
  const [q, r] = String(at).split(",").map(Number);
  return { q, r };
}

// label is how the board and the log name a position (as Hex.Label on the
// server): a column letter A-G west to east as the first player sees the
// table, and a row number counting north from the first base, D1.
export function label(at) {
  const { q, r } = parseAt(at);
  if (Math.abs(q) > 3) return String(at);
  return String.fromCharCode(65 + q + 3) + String(1 - r - Math.floor(q / 2));
}

// flipped: this viewer sees the map from the other end (their base at the
// bottom).
export function flipped(view) {
  return view.seat >= 0 && view.first >= 0 && view.seat !== view.first;
}

// centre is where a hex is drawn. Flipped, the map is mirrored top to
// bottom rather than turned round: the columns still run A to G from left
// to right, so the labels read as on the other phone and the table screen.
export function centre(at, flip) {
  const { q, r } = parseAt(at);
  const x = SIZE * 1.5 * q;
  const y = SIZE * ROOT3 * (r + q / 2);
  return flip ? { x, y: -y } : { x, y };
}

function corners(c, k = 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(c.x + SIZE * k * Math.cos(a)).toFixed(1)},${(c.y + SIZE * k * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// short is a unit's two-letter tag from its card name ("Tr" for Troll).
export function short(name) {
  const words = String(name).split(/[\s-]+/).filter(Boolean);
  if (words.length > 1 && words[0].length <= 3) return (words[1][0] + (words[1][1] || "")).replace(/^./, (c) => c.toUpperCase());
  return (words[0] || "?").slice(0, 2);
}

function unitAtHex(view, at) {
  return view.units.some((u) => u.at === at);
}

// draw builds the map. marks: {at: "place"|"move"|"target"|"hop"|"home"},
// pct: {at: text on a target}, sel: the selected hex, last: hexes that just
// changed; tap(at) is called for every tap on a position.
export function draw(view, cards, opts) {
  const flip = flipped(view);
  const spots = new Set(view.tiles.map((t) => t.at));
  for (const at of Object.keys(opts.marks || {})) spots.add(at);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const at of spots) {
    const c = centre(at, flip);
    minX = Math.min(minX, c.x - SIZE); maxX = Math.max(maxX, c.x + SIZE);
    minY = Math.min(minY, c.y - SIZE * ROOT3 / 2); maxY = Math.max(maxY, c.y + SIZE * ROOT3 / 2);
  }
  if (!spots.size) { minX = -SIZE; minY = -SIZE; maxX = SIZE; maxY = SIZE; }
  // At least 7 columns wide, so tiles keep their size as the map grows.
  const minW = SIZE * (1.5 * (view.table_width - 1) + 2);
  if (maxX - minX < minW) {
    const pad = (minW - (maxX - minX)) / 2;
    minX -= pad; maxX += pad;
  }
  const m = 4;
  const svg = s("svg", {
    class: "sg-svg", id: "map", role: "group", "aria-label": "the map",
    viewBox: `${(minX - m).toFixed(1)} ${(minY - m).toFixed(1)} ${(maxX - minX + 2 * m).toFixed(1)} ${(maxY - minY + 2 * m).toFixed(1)}`,
  });
  const terrain = Object.fromEntries((view.terrain || []).map((t) => [t.id, t]));
  const unitAt = Object.fromEntries(view.units.map((u) => [u.at, u]));
  for (const t of view.tiles) {
    const c = centre(t.at, flip);
    const g = s("g", { class: "tile " + (t.base >= 0 ? `base team${t.base}` : `t-${t.terrain}`), "data-at": t.at, "data-terrain": t.terrain || "base", "aria-label": label(t.at) });
    g.append(s("polygon", { points: corners(c, 0.97), class: "hex" }));
    if (t.base >= 0) {
      g.append(s("polygon", { points: corners(c, 0.72), class: "keep" }));
      if (!unitAt[t.at]) g.append(s("text", { x: c.x, y: c.y + 9, class: "baseword", "text-anchor": "middle" }, TEAM_MARK[t.base] + "BASE"));
    } else {
      const letter = terrain[t.terrain]?.letter || "?";
      // The terrain's letters at the top of the tile, clear of the unit.
      g.append(s("text", { x: c.x, y: c.y - SIZE * 0.57, class: "tletter", "text-anchor": "middle" }, letter));
    }
    // The position's label low in the tile, as the log and hints name it.
    g.append(s("text", { x: c.x + SIZE * 0.4, y: c.y + SIZE * 0.78, class: "hexlabel", "text-anchor": "middle", "data-label": label(t.at) }, label(t.at)));
    if (opts.last && opts.last.includes(t.at)) g.append(s("polygon", { points: corners(c, 0.9), class: "lastmark" }));
    svg.append(g);
  }
  for (const [at, kind] of Object.entries(opts.marks || {})) {
    const c = centre(at, flip);
    if (kind === "place") {
      svg.append(s("polygon", { points: corners(c, 0.9), class: "mark place", "data-at": at }));
      svg.append(s("text", { x: c.x, y: c.y + 12, class: "plus", "text-anchor": "middle" }, "+"));
    } else if (kind === "target") {
      svg.append(s("polygon", { points: corners(c, 0.86), class: "mark target", "data-at": at }));
    } else {
      // A letter as well as the dot's colour: H hop, W drowning check, ⌂ home.
      // Clear of a unit's tag, or of the word BASE when going home.
      const onBase = view.tiles.some((t) => t.at === at && t.base >= 0);
      const y = unitAtHex(view, at) ? c.y + SIZE * 0.55 : onBase ? c.y - SIZE * 0.4 : c.y;
      svg.append(s("circle", { cx: c.x, cy: y, r: 12, class: `mark ${kind}`, "data-at": at }));
      const letter = { hop: "H", water: "W", home: "⌂" }[kind];
      if (letter) svg.append(s("text", { x: c.x, y: y + 5, class: "markletter", "text-anchor": "middle" }, letter));
    }
  }
  for (const u of view.units) {
    const c = centre(u.at, flip);
    const card = cards[u.owner]?.[u.card];
    const mine = u.owner === view.seat;
    const g = s("g", {
      class: `unit team${u.owner}${mine ? " mine" : ""}${opts.sel === u.at ? " selected" : ""}${opts.ready?.has(u.id) && mine ? " ready" : ""}`,
      "data-unit": u.id, "data-owner": u.owner, "data-at": u.at, ...(opts.ready?.has(u.id) && mine ? { "data-ready": "1" } : {}),
    });
    const rad = SIZE * 0.5;
    if (u.owner === 0) g.append(s("circle", { cx: c.x, cy: c.y, r: rad, class: "body" }));
    else g.append(s("polygon", { points: `${c.x},${c.y - rad * 1.1} ${c.x + rad * 1.1},${c.y} ${c.x},${c.y + rad * 1.1} ${c.x - rad * 1.1},${c.y}`, class: "body" }));
    g.append(s("text", { x: c.x, y: c.y + 7, class: "tag", "text-anchor": "middle" }, short(card?.name || u.card)));
    svg.append(g);
  }
  for (const [at, text] of Object.entries(opts.pct || {})) {
    const c = centre(at, flip);
    svg.append(s("rect", { x: c.x - 24, y: c.y - SIZE * 0.86, width: 48, height: 20, rx: 5, class: "chip" }));
    svg.append(s("text", { x: c.x, y: c.y - SIZE * 0.86 + 15, class: "chance", "text-anchor": "middle" }, text));
  }
  // One transparent hex per position on top takes every tap.
  for (const at of spots) {
    const c = centre(at, flip);
    svg.append(s("polygon", { points: corners(c, 1), class: "hit", "data-at": at, onclick: () => opts.tap(at) }));
  }
  return svg;
}

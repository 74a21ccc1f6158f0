// Drawing the Pocket Sub ocean as SVG. Pure: a view and the page's marks
// go in, an SVG element comes out; nothing here talks to the server.
//
// Tiles are flat-topped hexes at axial q,r (as the server names them). A
// region is its tile's letter and a slot: 0 the centre, 1-6 the edge
// regions clockwise from the top side.

import { s } from "../ui.js";

// R is a tile's radius in SVG units; the SVG scales to the screen.
export const R = 100;
// The centre region's radius: the edges get the rest of the tile.
const INNER = 0.4 * R;
const SQ3 = Math.sqrt(3);

// Each colour's pieces have their own shape, so colour is never the only cue.
export const COLOUR = { Red: "#ff6b6b", White: "#f4f4f4", Blue: "#4ea6ff", Black: "#202225" };
export const INK = { Red: "#3a0000", White: "#111", Blue: "#001a33", Black: "#fff" };

function centreOf(tile) {
  return { x: 1.5 * R * tile.q, y: SQ3 * R * (tile.r + tile.q / 2) };
}

function corner(c, radius, deg) {
  const a = (deg * Math.PI) / 180;
  return [c.x + radius * Math.cos(a), c.y + radius * Math.sin(a)];
}

// polygonOf is the outline of a region: the centre hex, or the band
// between the tile's side and the centre hex's side.
function polygonOf(c, slot) {
  if (slot === 0) {
    return [0, 60, 120, 180, 240, 300].map((d) => corner(c, INNER, d));
  }
  const side = slot - 1;
  const a = 240 + 60 * side;
  const b = a + 60;
  return [corner(c, R, a), corner(c, R, b), corner(c, INNER, b), corner(c, INNER, a)];
}

// pointOf is where a region's pieces and marks go.
function pointOf(c, slot) {
  if (slot === 0) return { x: c.x, y: c.y };
  const d = ((R + INNER) / 2) * (SQ3 / 2);
  const a = ((270 + 60 * (slot - 1)) * Math.PI) / 180;
  return { x: c.x + d * Math.cos(a), y: c.y + d * Math.sin(a) };
}

// slotLabelAt is where an edge region's number goes: beside the middle
// of its band (clockwise) and toward the tile's rim, where the band is
// widest, so a Sub or Mine standing in the middle never hides it.
function slotLabelAt(r) {
  const a = ((270 + 60 * (r.slot - 1)) * Math.PI) / 180;
  return { x: r.at.x - 31 * Math.sin(a) + 9 * Math.cos(a), y: r.at.y + 31 * Math.cos(a) + 9 * Math.sin(a) };
}

// geometry is every region of the view's board: outline and middle.
export function geometry(view) {
  const regions = new Map();
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const t of view.tiles) {
    const c = centreOf(t);
    minX = Math.min(minX, c.x - R);
    maxX = Math.max(maxX, c.x + R);
    minY = Math.min(minY, c.y - (R * SQ3) / 2);
    maxY = Math.max(maxY, c.y + (R * SQ3) / 2);
    for (let slot = 0; slot < 7; slot++) {
      regions.set(t.name + slot, { name: t.name + slot, tile: t.name, slot, terrain: t.terrain[slot], poly: polygonOf(c, slot), at: pointOf(c, slot) });
    }
  }
  const pad = 6;
  return { regions, box: [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad] };
}

const points = (poly) => poly.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

// piece draws a shape of the given kind centred at (x, y) with radius r.
export function shapePath(shape, x, y, r) {
  switch (shape) {
    case "square":
      return `M${x - r * 0.85} ${y - r * 0.85}h${1.7 * r}v${1.7 * r}h${-1.7 * r}Z`;
    case "triangle":
      return `M${x} ${y - r * 1.1}L${x + r * 1.05} ${y + r * 0.75}L${x - r * 1.05} ${y + r * 0.75}Z`;
    case "diamond":
      return `M${x} ${y - r * 1.15}L${x + r * 1.1} ${y}L${x} ${y + r * 1.15}L${x - r * 1.1} ${y}Z`;
    default:
      return `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
  }
}

// subShape is a Sub: its colour's shape, its number, a star when it is its
// player's Hero Sub.
export function subShape(player, sub, x, y, opts = {}) {
  const g = s("g", { class: "sub" + (opts.mine ? " own" : ""), "data-sub": sub.id });
  g.append(s("path", { d: shapePath(player.shape, x, y, 21), fill: COLOUR[player.colour], class: "body" }));
  g.append(s("text", { x, y: y + (player.shape === "triangle" ? 5 : 1), fill: INK[player.colour], class: "num" }, sub.label.split(" ").pop()));
  if (sub.hero) g.append(s("text", { x: x + 19, y: y - 17, class: "hero" }, "★"));
  return g;
}

function mineShape(player, x, y) {
  const g = s("g", { class: "mine" });
  const spikes = [];
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    spikes.push(`M${(x + 11 * Math.cos(a)).toFixed(1)} ${(y + 11 * Math.sin(a)).toFixed(1)}L${(x + 16 * Math.cos(a)).toFixed(1)} ${(y + 16 * Math.sin(a)).toFixed(1)}`);
  }
  g.append(s("path", { d: spikes.join(""), class: "spikes" }));
  g.append(s("circle", { cx: x, cy: y, r: 11.5, fill: COLOUR[player.colour], class: "ball" }));
  g.append(s("text", { x, y: y + 1, fill: INK[player.colour], class: "mletter" }, player.letter));
  return g;
}

function ccShape(player, x, y) {
  const g = s("g", { class: "cc" });
  // A pale edge under the colour, so a Black Command Centre shows on deep water.
  g.append(s("path", { d: shapePath(player.shape, x, y, 33), class: "halo" }));
  g.append(s("path", { d: shapePath(player.shape, x, y, 33), class: "ring", stroke: COLOUR[player.colour] }));
  g.append(s("text", { x, y: y - 23, class: "cclabel" }, "CC"));
  return g;
}

// draw builds the ocean for a view.
//
// marks holds what the page adds on top of the view:
//   subs       ids of own Subs that may move now (framed)
//   selected   id of the selected Sub
//   path       regions of the path picked so far (a line from the Sub)
//   steps      regions the next step may enter: {name: "safe" | "lost" | "token"}
//   ends       regions where a path may end: {name: "safe" | "lost" | "win"}
//   mines      regions where the Mine may go
//   mine       the Mine picked
//   places     regions a setup piece may go
//   last       {from, path, mine} of the last move, drawn faintly
export function draw(view, marks = {}) {
  const geo = geometry(view);
  const svg = s("svg", { viewBox: geo.box.map((n) => n.toFixed(1)).join(" "), class: "ps-svg", role: "group", "aria-label": "the ocean" });
  svg.append(s("defs", {},
    s("pattern", { id: "ps-rock", width: 14, height: 14, patternUnits: "userSpaceOnUse" },
      s("circle", { cx: 4, cy: 4, r: 2.6, class: "rockdot" }), s("circle", { cx: 11, cy: 10, r: 2, class: "rockdot" })),
    s("pattern", { id: "ps-deep", width: 16, height: 10, patternUnits: "userSpaceOnUse" },
      s("path", { d: "M0 6q4 -4 8 0t8 0", class: "wave" }))));
  const water = s("g", { class: "water" });
  const labels = s("g", { class: "labels" });
  const overlay = s("g", { class: "overlay" });
  const pieces = s("g", { class: "pieces" });
  const hits = s("g", { class: "hits" });
  svg.append(water, labels, overlay, pieces, hits);

  const players = view.players;
  const steps = marks.steps || {};
  const ends = marks.ends || {};
  const mines = new Set(marks.mines || []);
  const places = new Set(marks.places || []);
  const byRegion = new Map();
  const add = (at, what) => {
    if (!byRegion.has(at)) byRegion.set(at, []);
    byRegion.get(at).push(what);
  };
  for (const c of view.command_centres) add(c.at, { kind: "cc", owner: c.owner });
  for (const m of view.mines) add(m.at, { kind: "mine", owner: m.owner });
  for (const u of view.subs) add(u.at, { kind: "sub", owner: u.owner, sub: u });
  const whirl = new Map(view.whirlpools.map((w) => [w.at, w.spin]));

  for (const r of geo.regions.values()) {
    water.append(s("polygon", { points: points(r.poly), class: `region ${r.terrain}` }));
    if (r.terrain !== "shallow") {
      water.append(s("polygon", { points: points(r.poly), class: "texture", fill: r.terrain === "rocky" ? "url(#ps-rock)" : "url(#ps-deep)" }));
    }
    const label = r.slot === 0 ? r.tile : String(r.slot);
    const at = r.slot === 0 ? { x: r.at.x, y: r.at.y + 30 } : slotLabelAt(r);
    labels.append(s("text", { x: at.x, y: at.y, class: r.slot === 0 ? "tilename" : "slot" }, label));
    if (whirl.has(r.name)) {
      // Above the middle, where a Sub or Mine in the centre leaves it seen.
      labels.append(s("text", { x: r.at.x, y: r.at.y - 24, class: "whirl" }, whirl.get(r.name) === "cw" ? "↻" : "↺"));
    }
  }
  for (const t of view.tiles) {
    const c = centreOf(t);
    water.append(s("polygon", { points: points([0, 60, 120, 180, 240, 300].map((d) => corner(c, R, d))), class: "tileedge" }));
  }

  // The last move, faint, so an opponent's turn can be followed.
  if (marks.last && geo.regions.get(marks.last.from)) {
    overlay.append(line(geo, [marks.last.from, ...marks.last.path], "lastpath"));
    if (marks.last.mine && geo.regions.get(marks.last.mine)) {
      const p = geo.regions.get(marks.last.mine).at;
      overlay.append(s("circle", { cx: p.x, cy: p.y, r: 20, class: "lastmine" }));
    }
  }
  for (const name of places) overlay.append(ring(geo, name, "place"));
  for (const [name, kind] of Object.entries(ends)) {
    const p = geo.regions.get(name)?.at;
    if (!p) continue;
    overlay.append(s("text", { x: p.x + 22, y: p.y + 20, class: `endmark ${kind}` }, kind === "lost" ? "✕" : kind === "win" ? "★" : "⚑"));
  }
  for (const [name, kind] of Object.entries(steps)) overlay.append(ring(geo, name, `step ${kind}`));
  if (marks.path && marks.path.length > 1) overlay.append(line(geo, marks.path, "path"));
  for (const name of mines) overlay.append(ring(geo, name, "minespot" + (marks.mine === name ? " picked" : "")));

  for (const [at, list] of byRegion) {
    const r = geo.regions.get(at);
    if (!r) continue;
    const subs = list.filter((x) => x.kind === "sub");
    for (const x of list) {
      if (x.kind === "cc") pieces.append(ccShape(players[x.owner], r.at.x, r.at.y));
      if (x.kind === "mine") pieces.append(mineShape(players[x.owner], r.at.x, r.at.y));
    }
    subs.forEach((x, i) => {
      // Subs sharing a Command Centre stand side by side.
      const dx = subs.length > 1 ? (i - (subs.length - 1) / 2) * 30 : 0;
      const g = subShape(players[x.owner], x.sub, r.at.x + dx, r.at.y + (subs.length > 1 ? 8 : 0), { mine: x.owner === view.seat });
      if ((marks.subs || []).includes(x.sub.id)) g.classList.add("ready");
      if (marks.selected === x.sub.id) g.classList.add("selected");
      pieces.append(g);
    });
  }
  if (marks.mine) {
    const p = geo.regions.get(marks.mine)?.at;
    if (p) pieces.append(s("text", { x: p.x, y: p.y + 1, class: "newmine" }, "M"));
  }

  // Tap targets lie over everything (pieces ignore the pointer), so a tap
  // anywhere in a region means that region.
  for (const r of geo.regions.values()) {
    const tags = [r.terrain];
    if (steps[r.name]) tags.push("step", steps[r.name]);
    if (ends[r.name]) tags.push("end");
    if (mines.has(r.name)) tags.push("minespot");
    if (places.has(r.name)) tags.push("place");
    const here = byRegion.get(r.name) || [];
    if (here.some((x) => x.kind === "sub" && (marks.subs || []).includes(x.sub.id))) tags.push("ready");
    hits.append(s("polygon", {
      points: points(r.poly), class: "hit", "data-region": r.name, "data-mark": tags.join(" "),
      role: "button", "aria-label": describe(view, r, here),
    }));
  }
  return svg;
}

function ring(geo, name, cls) {
  const r = geo.regions.get(name);
  if (!r) return s("g", {});
  return s("polygon", { points: points(r.poly), class: "mark " + cls });
}

function line(geo, names, cls) {
  const pts = names.map((n) => geo.regions.get(n)?.at).filter(Boolean);
  const g = s("g", { class: cls });
  g.append(s("polyline", { points: pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ") }));
  for (let i = 1; i < pts.length; i++) {
    // A dot on every region entered, numbered in order.
    g.append(s("circle", { cx: pts[i].x, cy: pts[i].y, r: 7 }));
  }
  return g;
}

// describe is what a screen reader says for a region.
function describe(view, r, here) {
  const parts = [`${r.name}, ${r.terrain}`];
  for (const x of here) {
    const p = view.players[x.owner];
    if (x.kind === "cc") parts.push(`${p.colour} Command Centre`);
    if (x.kind === "mine") parts.push(`${p.colour} Mine`);
    if (x.kind === "sub") parts.push(x.sub.label + (x.sub.hero ? " (Hero Sub)" : ""));
  }
  return parts.join(", ");
}

// icon is a small shape for legends and player chips.
export function icon(player, cls = "ps-icon") {
  return s("svg", { class: cls, viewBox: "-26 -26 52 52", "aria-hidden": "true" },
    s("path", { d: shapePath(player.shape, 0, 0, 20), fill: COLOUR[player.colour], stroke: "#fff", "stroke-width": 3 }),
    s("text", { x: 0, y: player.shape === "triangle" ? 6 : 1, fill: INK[player.colour], class: "num" }, player.letter));
}

// What a Pocket Battles phone draws: the sides, the army being built, the
// 15-zone battlefield (the enemy's half mirrored on top, as the rulebook
// draws it), the orders the server allows now, the last dice and the log.
// Every choice offered comes from view.legal.

import { h } from "../ui.js";

// Own units are marked ▲ (pointing at the enemy), enemy units ▼: shape as
// well as colour.
// The table screen, which is nobody's, marks a side by its colour chip
// (side) and its name: ▲/▼ mean "mine"/"the enemy's" wherever they show.
export const MARK = { mine: "▲", enemy: "▼", side: "●" };

// num is how the battlefield numbers a unit beside its mark: "1" for the
// id "a1". With the mark it reads "▲1" (your unit 1) or "▼2" (the enemy's
// unit 2); the id itself is for commands, never for reading.
export function num(id) {
  return String(id || "").replace(/^[a-z]+/, "");
}

// unitLabel is a unit as the battlefield shows it: its mark and number,
// and its name ("▼2 Cavalry 2-3-6 +1").
export function unitLabel(v, id) {
  const u = v.units.find((x) => x.id === id);
  if (!u) return "a unit";
  const mark = v.seat < 0 ? MARK.side : u.owner === v.seat ? MARK.mine : MARK.enemy;
  return `${mark}${num(u.id)} ${u.name}`;
}

// tileOf finds a tile of the box in the view's armies.
export function tileOf(v, army, id) {
  return v.armies[army]?.tiles.find((t) => t.id === id);
}

function armyOf(v, seat) {
  return v.sides[seat]?.army;
}

// shortName drops the dice from a tile's name: "Cavalry 2-2-6" -> "Cavalry".
function shortName(t) {
  return t.name.replace(/\s[\d-]+$/, "");
}

// dice draws a tile's printed dice as the tile prints them: black
// (engagement) dark with a light rim, white (shooting) light, each with its
// face number.
export function dice(t, lit) {
  return [
    ...t.black.map((f) => h("span", { class: "bt-die black" + (lit?.includes(f) ? " lit" : ""), title: "engagement die" }, f)),
    ...t.white.map((f) => h("span", { class: "bt-die white" + (lit?.includes(f) ? " lit" : ""), title: "shooting die" }, f)),
  ];
}

function troopLine(v, army, tr) {
  const t = tileOf(v, army, tr.tile);
  const left = t.wounds - tr.wounds;
  return h("div", { class: "bt-troop", "data-tile": t.id },
    h("span", { class: "tn" }, shortName(t), t.house ? h("sup", { class: "house-tag", title: "house tile: our design" }, "H") : null),
    h("span", { class: "td" }, dice(t)),
    h("span", { class: "tw", title: `${left} of ${t.wounds} Wound points left` }, t.wounds ? "♥".repeat(Math.max(left, 0)) : h("span", { class: "muted" }, "0♥"), tr.wounds ? h("span", { class: "wt" }, ` ✚${tr.wounds}`) : null));
}

// legend names the two colours of dice with a sample of each.
export function legend() {
  return h("p", { class: "small bt-legend" },
    h("span", { class: "bt-die black" }, "4"), " black: engagement (charge, strike) · ",
    h("span", { class: "bt-die white" }, "4"), " white: shooting");
}

// symbols spells out every symbol and abbreviation the battlefield, the
// army builder and the log use (the rules card's Symbols section).
export function symbols() {
  return h("dl", { class: "small bt-symbols", id: "symbols" }, [
    ["▲ / ▼", "your unit (pointing at the enemy) / an enemy unit"],
    ["▲1 / ▼2", "your unit 1 / the enemy's unit 2, numbered as each army was formed"],
    ["♥", "a Wound point of a troop: the hits it absorbs when eliminated"],
    ["✚2", "Wound tokens on a troop (2 here)"],
    ["⚑2", "Order tokens on a unit (2 here): its next order costs one more"],
    ["⚔▼2", "in contact (engaged) with the enemy's unit 2"],
    ["DP", "Deployment Points: what a troop is worth; destroy half the enemy's to win"],
    ["F3", "Formation 3: a unit holds no more troops than its lowest F"],
    ["Cavalry 2-3-6", "a troop's name ends with its printed dice faces: a rolled 2, 3 or 6 is a hit"],
    ["Cavalry 4-4-6 +1", "a unit of several troops, named by its top troop: +1 is one more troop under it"],
    ["H", "a house tile: our design, the rulebook never names it"],
    ["+2 hidden", "troops under the top one of an enemy stack, unseen until every unit is placed"],
  ].flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}

// stack draws one unit: its troops (or only its top before the reveal),
// its Order tokens and whether it can act now.
function stack(app, v, u) {
  // A spectator (the table screen) sees the battlefield from the first
  // side's half: its units point up, as a player's own do.
  const watching = v.seat < 0;
  const mine = u.owner === (watching ? 0 : v.seat);
  const army = armyOf(v, u.owner);
  const ready = (v.legal || []).some((l) => l.command.unit === u.id && l.command.type !== "deploy");
  const cls = ["bt-unit", mine ? "mine" : "enemy", `team${u.owner}`];
  if (app.sel === u.id) cls.push("selected");
  const pend = v.pending && (v.pending.unit === u.id);
  if (pend) cls.push("pending");
  return h(watching ? "div" : "button", {
    class: cls.join(" "), "data-unit": u.id, "data-owner": u.owner, "data-ready": ready ? "1" : null, type: watching ? null : "button",
    "aria-label": `${watching ? v.sides[u.owner]?.name || "" : mine ? "your" : "enemy"} unit ${u.name}`,
    onclick: watching ? null : () => app.tapUnit(u),
  },
  h("div", { class: "bt-uhead" },
    h("span", { class: "bt-mark" }, watching ? MARK.side : mine ? MARK.mine : MARK.enemy),
    h("span", { class: "bt-uid" }, num(u.id)),
    u.orders ? h("span", { class: "bt-orders", title: "Order tokens on the unit" }, `⚑${u.orders}`) : null,
    u.contacts.length ? h("span", { class: "bt-contact", title: "in contact with" }, "⚔" + u.contacts.map((c) => (watching ? MARK.side : mine ? MARK.enemy : MARK.mine) + num(c)).join(" ")) : null),
  u.troops.map((tr) => troopLine(v, army, tr)),
  u.hidden ? h("div", { class: "bt-hidden" }, `+${u.hidden} hidden`) : null);
}

const ROWS = [
  { key: "enemy-rear", label: "Enemy rear", owner: "enemy", pos: "rear" },
  { key: "enemy-front", label: "Enemy front", owner: "enemy", pos: "front" },
  { key: "engagement", label: "Engagement zones", owner: "any", pos: "engagement" },
  { key: "my-front", label: "Your front", owner: "mine", pos: "front" },
  { key: "my-rear", label: "Your rear", owner: "mine", pos: "rear" },
];
const SECTORS = ["left", "center", "right"];
// MIRROR is a sector as the side across the battlefield names it.
const MIRROR = { left: "right", center: "center", right: "left" };

// field is the battlefield: 5 rows x 3 sectors, from the viewer's side.
// During deployment the zones where the picked unit may go are marked.
export function field(app, v) {
  const me = v.seat < 0 ? 0 : v.seat;
  const targets = new Set((v.legal || []).filter((l) => l.command.type === "deploy" && l.command.unit === app.pick).map((l) => l.command.to));
  // The unit in hand to place, as the hand lists it.
  const picked = `${MARK.mine}${num(app.pick)}`;
  const cells = [];
  // Each side names its sectors from its own seat (the log does too):
  // the column one side calls its left, the other calls its right. The
  // header says both, by name on the table screen.
  const mine = v.sides[me]?.name || "", theirs = v.sides[1 - me]?.name || "";
  cells.push(h("div", { class: "bt-cols" }, SECTORS.map((s) => h("span", { "data-sector": s },
    v.seat < 0 ? `${mine}'s ${s}` : `Your ${s}`,
    h("span", { class: "bt-col-other" }, ` · ${theirs}'s ${MIRROR[s]}`)))));
  for (const row of ROWS) {
    // A spectator reads each half by its side's name.
    let label = row.label;
    if (v.seat < 0 && row.owner !== "any") {
      const side = v.sides[row.owner === "mine" ? me : 1 - me];
      label = `${MARK.side} ${side?.name || ""} ${row.pos}`;
    }
    cells.push(h("div", { class: "bt-rowlabel" }, label));
    const line = SECTORS.map((sec) => {
      const units = v.units.filter((u) => u.placed && u.sector === sec && u.position === row.pos &&
        (row.owner === "any" || (row.owner === "mine") === (u.owner === me)));
      const zone = row.owner === "mine" ? `${sec}_${row.pos}` : "";
      const open = zone && targets.has(zone);
      return h("div", {
        class: `bt-zone ${row.key}` + (open ? " target" : ""), "data-zone": zone || null, "data-cell": `${row.key}:${sec}`,
        onclick: open ? () => app.deployTo(zone) : null,
        role: open ? "button" : null, "aria-label": open ? `place ${picked} here: your ${sec} ${row.pos}` : null,
      }, open ? h("span", { class: "bt-place" }, `+ ${picked}`) : null, units.map((u) => stack(app, v, u)));
    });
    cells.push(h("div", { class: `bt-row ${row.key}` }, line));
  }
  return h("div", { class: "bt-grid", id: "battlefield" }, cells);
}

// sides shows both generals: army, Player 1/2, tokens, destroyed DP.
export function sides(v, names = []) {
  const bottom = v.seat < 0 ? 0 : v.seat; // whose units point up (▲)
  return v.sides.map((s) => {
    const you = s.seat === v.seat;
    const who = names[s.seat] || "";
    return h("div", { class: `bt-side team${s.seat}` + (you ? " mine" : "") + (v.actor === s.seat && v.phase !== "over" ? " turn" : ""), "data-seat": s.seat },
      h("div", { class: "bt-sname" }, v.seat < 0 ? h("span", { class: `bt-tag team${s.seat}` }, MARK.side) : s.seat === bottom ? MARK.mine : MARK.enemy, " ", s.name, who ? ` · ${who}` : "", you ? " (you)" : "", s.player ? ` · Player ${s.player}` : ""),
      h("div", { class: "small" },
        v.phase === "army_building" ? (s.ready ? "army ready" : "building…") :
          [`tokens ${s.unused}/${s.tokens}`, s.passed ? `${s.passed} passed (may become Wound tokens)` : "", `destroyed ${s.destroyed} DP`, s.army_dp ? `army ${s.army_dp} DP` : "", s.to_place ? `${s.to_place} to place` : "",
            v.phase === "battle" && s.max_turns && s.turns >= s.max_turns / 2 ? `turn ${s.turns} of at most ${s.max_turns} this round (house rule)` : ""].filter(Boolean).join(" · ")));
  });
}

// build is the army-building panel: the rulebook's armies in one tap, or
// troops picked and grouped into units, then confirmed.
export function build(app, v) {
  const b = v.build;
  if (!b) return null;
  const army = armyOf(v, v.seat);
  const legal = v.legal || [];
  const confirm = legal.find((l) => l.command.type === "confirm_army");
  if (v.sides[v.seat].ready) return h("div", { class: "card" }, h("p", {}, "Your army is ready. The other general is still building."));
  const picked = app.picked || [];
  const pickedDP = picked.reduce((n, id) => n + tileOf(v, army, id).dp, 0);
  return h("div", { class: "card bt-build" },
    h("h3", {}, `Your army: ${b.dp} of ${b.size} DP`),
    h("div", { class: "bt-presets" }, legal.filter((l) => l.command.type === "use_preset").map((l) =>
      h("button", { class: "block", "data-preset": l.command.preset, onclick: () => app.send(l.command) }, l.label))),
    b.units.length ? h("ol", { class: "bt-draft" }, b.units.map((u) => h("li", { "data-draft": u.id },
      h("span", { class: "grow" }, u.tiles.map((id) => shortName(tileOf(v, army, id))).join(" + "), ` · ${u.dp} DP`),
      h("button", { "data-remove": u.id, "aria-label": `break up unit ${u.id}`, onclick: () => app.send({ type: "remove_unit", unit: u.id }) }, "✕")))) : null,
    confirm ? h("button", { class: "primary block", id: "confirm", onclick: () => app.send(confirm.command) }, confirm.label) : null,
    h("h4", {}, "Or compose a unit: tap troops (the first is the top of the stack)"),
    legend(),
    h("div", { class: "bt-tiles" }, b.free.map((id) => {
      const t = tileOf(v, army, id);
      const at = picked.indexOf(id);
      return h("button", { class: "bt-tile" + (at >= 0 ? " on" : ""), "data-tile": id, "aria-pressed": at >= 0 ? "true" : "false", onclick: () => app.pickTile(id) },
        h("span", { class: "tn" }, at >= 0 ? `${at + 1}. ` : "", shortName(t), t.house ? h("sup", { class: "house-tag" }, "H") : null),
        h("span", { class: "td" }, dice(t)),
        h("span", { class: "small muted" }, `${t.dp} DP · F${t.formation} · ${t.wounds}♥`));
    })),
    // Where the finger is: what the last tap did, or why it was refused.
    h("div", { id: "build-refusal", "aria-live": "assertive" }, app.refusalBox()),
    h("p", { class: "small", id: "build-total" }, `Your army so far: ${b.dp} of ${b.size} DP in ${b.units.length} unit${b.units.length === 1 ? "" : "s"}`),
    h("button", { class: "block", id: "form-unit", disabled: !picked.length, onclick: () => app.formUnit() },
      picked.length ? `Form a unit of ${picked.length} (${pickedDP} DP)` : "Form a unit"));
}

// hand lists the units still to deploy; tapping one picks it.
export function hand(app, v) {
  if (v.phase !== "deployment" || v.seat < 0) return null;
  const mine = v.units.filter((u) => u.owner === v.seat && !u.placed);
  if (!mine.length) return null;
  return h("div", { class: "card bt-hand" },
    h("h3", {}, "Units to place"),
    h("div", { class: "row" }, mine.map((u) => h("button", {
      class: "bt-handunit" + (app.pick === u.id ? " on" : ""), "data-hand": u.id, onclick: () => app.pickUnit(u.id),
    }, `${MARK.mine}${num(u.id)} ${u.name}`))),
    h("p", { class: "small muted" }, "Then tap a marked zone of your side. The enemy sees only the top troop of each stack until every unit is placed."));
}

const GROUPS = {
  reaction: "Answer the charge (not your action)",
  charge_target: "Pick the target of your charge",
  wounds: "Assign the hits",
};

function button(app, l, extra = {}) {
  return h("button", {
    class: "block bt-act", "data-type": l.command.type, "data-unit": l.command.unit || null, "data-target": l.command.target || null,
    // The whole command, for the guided match's outline (guide.js).
    "data-cmd": JSON.stringify(l.command), ...extra,
    onclick: () => app.send(l.command),
  }, l.label, l.cost ? h("span", { class: "sub" }, `${l.cost} token${l.cost > 1 ? "s" : ""}`) : null);
}

// now is what the battle waits for from this phone, above the battlefield
// so it needs no scrolling: an answer to a charge, a charge's target, hits
// to assign (with the dice that scored them), or the end of a round.
export function now(app, v) {
  const legal = v.legal || [];
  if (!legal.length) return null;
  if (v.phase === "recovery") {
    return h("div", { class: "card bt-now" }, h("h3", {}, "End of the round"),
      legal.map((l) => button(app, l, l.command.type === "end_recovery" ? { id: "end-recovery" } : {})));
  }
  const p = v.pending;
  if (v.phase !== "battle" || !p) return null;
  const u = v.units.find((x) => x.id === p.unit);
  const head = p.kind === "wounds" ? `Assign ${p.hits} hit${p.hits === 1 ? "" : "s"} to ${u ? unitLabel(v, u.id) : "your unit"}` : GROUPS[p.kind] || "Your choice";
  return h("div", { class: "card bt-pending bt-now" }, h("h3", {}, head),
    p.kind === "wounds" ? roll(v) : null,
    legal.map((l) => button(app, l)));
}

// Orders come first, the unit's moves after, the free redeployment last.
const RANK = ["charge", "carry_on", "shoot", "leave", "use_trait", "move", "redeploy"];

// actions lists the Active Player's choices: the selected unit's orders
// (then its free redeployments), and Pass.
export function actions(app, v) {
  const legal = v.legal || [];
  if (!legal.length || v.phase !== "battle" || v.pending) return null;
  const pass = legal.find((l) => l.command.type === "pass");
  const sel = app.sel ? legal.filter((l) => l.command.unit === app.sel) : [];
  sel.sort((a, b) => RANK.indexOf(a.command.type) - RANK.indexOf(b.command.type));
  const orders = sel.filter((l) => l.command.type !== "redeploy" && l.command.type !== "move");
  const moves = sel.filter((l) => l.command.type === "move");
  const free = sel.filter((l) => l.command.type === "redeploy");
  const ready = new Set(legal.filter((l) => l.command.unit).map((l) => l.command.unit));
  // Moves and redeployments name only their zone, two to a row.
  const zones = (list) => h("div", { class: "bt-zones" }, list.map((l) => button(app, { ...l, label: zoneWords(l.command.to), cost: 0 })));
  return h("div", { class: "card bt-orders" },
    sel.length
      ? [h("h3", {}, `Orders for ${unitLabel(v, app.sel)}`), orders.map((l) => button(app, l)),
        moves.length ? [h("h4", {}, `Tactical Move to your… (${moves[0].cost} token${moves[0].cost > 1 ? "s" : ""})`), zones(moves)] : null,
        free.length ? [h("h4", {}, "Or first a free redeployment to your… (then another unit takes the order)"), zones(free)] : null]
      : h("p", { class: "muted" }, ready.size ? "Tap one of your units (▲, outlined) to see its orders." : "None of your units can act: pass."),
    pass ? button(app, pass, { id: "pass" }) : null);
}

function zoneWords(z) {
  return (z || "").replace("_", " ");
}

// roll shows the last dice: each rolled die, and the printed faces it
// matched (one hit per matching face).
export function roll(v) {
  const r = v.last_roll;
  if (!r) return null;
  // A new charge waits for its answer or its target: the last dice are
  // those of the fight before, and would read as this one's.
  const p = v.pending;
  if (p && (p.kind === "reaction" || p.kind === "charge_target")) return null;
  const faces = r.faces || [];
  const hits = r.hits === 0 ? "no hit" : r.hits === 1 ? "one hit" : `${r.hits} hits`;
  return h("div", { class: "card bt-roll", id: "last-roll" },
    h("div", { class: "bt-meaning", id: "roll-meaning" }, meaning(v, r)),
    h("div", { class: "row" },
      r.dice.map((d) => h("span", { class: "bt-rolled" + (faces.includes(d) ? " hit" : "") }, d)),
      h("span", { class: "grow" }, " against ", faces.length ? faces.map((f) => h("span", { class: "bt-die " + (r.kind === "shoot" ? "white" : "black") + (r.dice.includes(f) ? " lit" : "") }, f)) : "no dice")),
    // The same dice as a sentence: "Rolled 1 and 4 against the faces 4, 5
    // and 6: one hit."
    h("div", { class: "bt-hits", id: "roll-words" }, `Rolled ${andList(r.dice)} against ${faces.length ? "the faces " + andList(faces) : "no face"}: ${hits}.`));
}

// andList reads numbers as a sentence does: "1, 4 and 6".
function andList(v) {
  if (!v.length) return "nothing";
  return v.length === 1 ? String(v[0]) : v.slice(0, -1).join(", ") + " and " + v[v.length - 1];
}

// VERB is what a roll of each kind does, in words.
const VERB = { charge: "charges", strike_back: "strikes back at", carry_on: "carries on against", free_strike: "strikes freely at", shoot: "shoots at" };

// meaning says in a sentence what the last dice mean now, the same on
// every screen: whose unit rolled at whose, the hits, and who must act on
// them ("Union's b6 shoots at Confederacy's a6: 1 hit, Confederacy
// assigns it now").
function meaning(v, r) {
  const side = (s) => v.sides[s]?.name || "";
  const unit = (id) => v.units.find((u) => u.id === id)?.name || "a unit";
  const hits = r.hits === 0 ? "no hit" : `${r.hits} hit${r.hits === 1 ? "" : "s"}`;
  const p = v.pending;
  const then = r.hits > 0 && p && p.kind === "wounds" && v.actor >= 0 ? `, ${side(v.actor)} assigns ${r.hits === 1 ? "it" : "them"} now` : "";
  return `${side(r.seat)}'s ${unit(r.unit)} ${VERB[r.kind] || r.kind.replace(/_/g, " ")} ${side(1 - r.seat)}'s ${unit(r.target)}: ${hits}${then}`;
}

export function logList(app) {
  return h("ol", { class: "log", id: "log-list", reversed: true },
    app.log.slice().reverse().map((e) => h("li", { "data-kind": e.kind, class: e.team >= 0 ? `team${e.team}` : "" }, e.text)));
}

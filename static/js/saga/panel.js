// Everything under the map: the two sides, the choices of the seat to act
// (all taken from view.legal, never worked out here), the dice of an
// assault with their matching, unit cards and the log.

import { endBanner, resultFor, whatNext } from "../next.js";
import { seatNames } from "../gamepage.js";
import { h } from "../ui.js";
import { TEAM, TEAM_MARK, short, label } from "./board.js";

const COMBATS = ["melee", "ballistics", "arcane"];
const TITLE = { melee: "Melee", ballistics: "Ballistics", arcane: "Arcane" };

// cardsOf indexes both factions' cards by id: cards[seat][id].
export function cardsOf(view) {
  return (view.players || []).map((p) => Object.fromEntries((p.faction?.units || []).map((c) => [c.id, c])));
}

export function terrainName(view, id) {
  return (view.terrain || []).find((t) => t.id === id)?.name || id;
}

function houseTag(faction) {
  return faction?.house ? h("span", { class: "house", title: "our design, not the publisher's" }, "house faction") : null;
}

export function sides(app, v) {
  const names = seatNames(app);
  return v.players.map((p) => {
    const turn = v.turn === p.seat;
    const who = names[p.seat] || "";
    return h("div", { class: `sg-side team${p.seat}${turn ? " turn" : ""}`, "data-seat": p.seat },
      h("span", { class: "nm" }, `${TEAM_MARK[p.seat]} ${p.name}${who ? ` · ${who}` : ""}${p.seat === v.seat ? " (you)" : ""}`),
      h("span", { class: "small" }, p.faction.name, " ", houseTag(p.faction)),
      h("span", { class: "small muted" }, `${p.in_play} in play · ${p.reserves.length} reserve · ${p.captured.length} lost`));
  });
}

// cardView is a unit's stat card: its three combat abilities, terrain
// advantage, special abilities and cost.
export function cardView(view, seat, card) {
  if (!card) return null;
  const faction = view.players[seat]?.faction;
  return h("div", { class: `card sg-card team${seat}`, id: "unit-card", "data-card": card.id },
    h("div", { class: "row" },
      h("span", { class: "sg-token team" + seat, "aria-hidden": "true" }, short(card.name)),
      h("strong", { class: "grow" }, card.name),
      h("span", { class: "muted small" }, `${TEAM[seat]} · ${card.type} · cost ${card.cost}`)),
    h("p", { class: "small muted" }, faction?.name || "", " ", houseTag(faction)),
    h("table", { class: "sg-stats" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "OFF ▲"), h("th", {}, "DEF ■"))),
      h("tbody", {}, COMBATS.map((k) => h("tr", {},
        h("th", {}, TITLE[k]),
        h("td", { class: "off" }, String(card[k].off)),
        h("td", { class: "def" }, String(card[k].def)))))),
    h("p", { class: "small" }, "Terrain advantage: ", card.terrain.length ? card.terrain.map((t) => terrainName(view, t)).join(", ") : "none"),
    (card.abilities || []).map((a) => h("p", { class: "small" }, h("strong", {}, a.name + ": "), a.text)));
}

// legalOf filters the view's legal commands.
export function legalOf(v, pred) {
  return (v.legal || []).filter((l) => pred(l.command));
}

function unitCard(v, seat, id) {
  const p = v.players[seat];
  const ref = [...p.reserves, ...p.captured].find((r) => r.id === id) || v.units.find((u) => u.id === id && u.owner === seat);
  return ref ? p.faction.units.find((c) => c.id === ref.card) : null;
}

// picker lists the reserve units the seat may deploy or summon, one button
// per card.
function picker(app, v, type) {
  const ids = [...new Set(legalOf(v, (c) => c.type === type).map((l) => l.command.unit))];
  if (!ids.length) return null;
  return h("div", {},
    h("p", { class: "small muted" }, type === "deploy" ? "Pick a unit, then a marked tile:" : "Or summon a reserve next to your base: pick one, then a marked tile."),
    h("div", { class: "sg-picker" }, ids.map((id) => {
      const card = unitCard(v, v.seat, id);
      const left = v.players[v.seat].reserves.filter((r) => r.card === card?.id).length;
      return h("button", {
        class: "pick" + (app.pick === id ? " selected" : ""), "data-pick": id, "aria-pressed": app.pick === id ? "true" : "false",
        onclick: () => { app.pick = app.pick === id ? null : id; app.sel = null; app.focus = null; app.render(); },
      }, h("span", { class: "big" }, short(card?.name || id)), h("span", { class: "sub" }, `${card?.name || id} ×${left}`));
    })));
}

// assaultOptions are the buttons for the selected unit's assaults on the
// focused tile, with the chances the server worked out.
function assaultOptions(app, v) {
  if (!app.sel || !app.focus) return null;
  const ls = legalOf(v, (c) => (c.type === "close_assault" || c.type === "ranged_assault") && c.unit === app.sel && c.target === app.focus);
  if (!ls.length) return null;
  return h("div", { class: "sg-assaults" },
    h("p", { class: "small muted" }, `Assault ${label(app.focus)}:`),
    ls.map((l) => {
      const c = l.command;
      const kind = c.type === "close_assault" ? "Close" : `Ranged (${l.distance})`;
      const notes = [`strike ${l.hit || 0}%`, l.counter_strikes ? `counter ${l.counter || 0}%` : "no counter-strike"];
      if (l.water) notes.push("drowning check first");
      if (l.base) notes.push("the base!");
      return h("button", { class: "block assault-option", "data-combat": c.combat, "data-kind": c.type, onclick: () => app.send(c) },
        `${kind} ${TITLE[c.combat]}`, h("span", { class: "sub" }, notes.join(" · ")));
    }));
}

export function panel(app, v) {
  if (v.phase === "over" || v.seat < 0) return null;
  const mine = v.turn === v.seat;
  const out = [];
  if (v.phase === "building" && v.bag.in_hand) {
    out.push(h("div", { class: "row sg-hand", id: "in-hand" },
      h("span", { class: `sg-tile t-${v.bag.in_hand}`, "aria-hidden": "true" }, (v.terrain.find((t) => t.id === v.bag.in_hand) || {}).letter),
      h("span", { class: "grow" }, `Tile in hand: ${terrainName(v, v.bag.in_hand)}`),
      h("span", { class: "muted small" }, `${v.bag.left} in the bag`)));
  }
  if (!mine || v.fight) return out.length ? h("div", {}, out) : null;
  if (v.phase === "deploying") out.push(picker(app, v, "deploy"));
  if (v.phase === "playing") {
    out.push(assaultOptions(app, v));
    if (app.sel) {
      const moves = legalOf(v, (c) => c.type === "move" && c.unit === app.sel);
      const home = moves.find((l) => l.home);
      out.push(h("p", { class: "small muted" }, moves.length ? "Green dots: moves (H hop, W drowning check, ⌂ home to reserves). Dashed orange: targets, with the chance to strike." : "This unit cannot move; tap an orange target."));
      if (home) out.push(h("button", { class: "block", id: "go-home", onclick: () => app.send(home.command) }, "Send it home to the reserves"));
    } else {
      out.push(h("p", { class: "small muted" }, "Tap one of your units (outlined green) to see its moves and targets."));
    }
    out.push(picker(app, v, "summon"));
    const skip = legalOf(v, (c) => c.type === "skip_turn")[0];
    if (skip) out.push(h("button", { class: "block primary", id: "skip", onclick: () => app.send(skip.command) }, "Skip the turn"));
  }
  return h("div", {}, out);
}

// ---- dice ----

function dieEl(n, kind, attrs = {}) {
  return h(attrs.onclick ? "button" : "span", { class: `sg-die ${kind}`, "aria-label": `${kind === "off" ? "OFF" : "DEF"} die ${n}`, ...attrs },
    h("span", { class: "pip" }, String(n)), h("span", { class: "kind" }, kind === "off" ? "▲" : "■"));
}

function strikeLine(label, st) {
  if (!st) return null;
  return h("div", { class: "sg-strike", "data-hit": st.hit ? "1" : "0" },
    h("span", {}, label + ": "),
    st.pairs.map((p) => h("span", { class: "pair" + (p.tie ? " tie" : "") }, `${p.off || "–"}▲ vs ${p.def || "–"}■`)),
    h("strong", { class: st.hit ? "hitword" : "missword" }, st.hit ? ` succeeds (${st.top}▲)` : st.top ? ` fails (${st.top}■)` : " fails"));
}

// match is the rulebook's matching of a strike, as the server does it
// (games/saga/combat.go match): OFF and DEF dice from the highest, ties
// cancel, the strike succeeds when the highest die left is an OFF die.
function match(off, def) {
  const o = [...off].sort((x, y) => y - x), d = [...def].sort((x, y) => y - x);
  let top = 0, topDef = 0;
  for (let i = 0; i < Math.max(o.length, d.length); i++) {
    const a = o[i] || 0, b = d[i] || 0;
    if (a && a === b) continue;
    top = Math.max(top, a);
    topDef = Math.max(topDef, b);
  }
  return { hit: top > topDef, off: top, def: topDef };
}

// nowLine says what the dice on the table mean if both sides kept them
// now: "Now: Wolf's strike wins, 6 against 5 · Raven's counter-strike
// fails, 3 against 4 → Raven's Troll would be captured".
export function nowLine(f) {
  const [a, d] = f.sides;
  const say = (sd, what, st) => `${TEAM[sd.seat]}'s ${what} ${st.hit ? "wins" : "fails"}, ${st.off || "no die"} against ${st.def || "no die"}`;
  const strike = match(a.dice.off, d.dice.def);
  const counter = f.counter_strike ? match(d.dice.off, a.dice.def) : null;
  let then = "a stalemate" + (f.close ? `: ${a.name} goes back` : "");
  if (strike.hit && !d.unit) then = `${d.name} would fall`;
  else if (strike.hit && counter?.hit) then = `${a.name} and ${d.name} would both be captured`;
  else if (strike.hit) then = `${d.name} would be captured`;
  else if (counter?.hit) then = `${a.name} would be captured`;
  return `Now: ${say(a, "strike", strike)}` + (counter ? ` · ${say(d, "counter-strike", counter)}` : " · no counter-strike") + ` → ${then}`;
}

// resultText is how an assault ended, by the units' names; a unit an
// ability sent back to the reserves is not said to be captured.
function resultText(f) {
  const back = new Set(f.returned || []);
  const fate = (sd) => back.has(sd.unit) ? `${sd.name} goes back to the reserves` : `${sd.name} is captured`;
  const [a, d] = f.sides || [];
  if (!a || !d) return RESULT[f.result] || "";
  switch (f.result) {
    case "captured": return fate(d);
    case "attacker_captured": return fate(a);
    case "both_captured": return `${fate(a)}; ${fate(d)}`;
  }
  return RESULT[f.result] || "";
}

const RESULT = {
  captured: "the defender is captured",
  both_captured: "both are captured",
  attacker_captured: "the attacker is captured",
  stalemate: "stalemate",
  base_defeated: "the base falls",
};

// clockText is what is left of the re-roll timer running to deadline.
export function clockText(deadline, now) {
  const left = Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000));
  return left > 0 ? `Re-roll timer: ${left} s to choose` : "Time is up: the server chooses";
}

// passLabel says what a pass costs (a house rule: a pass is final for the
// round): no re-roll again this assault, or, in the special-ability round
// with situational re-rolls to come, none again in this round.
export function passLabel(f, seat) {
  const sd = f.sides.find((x) => x.seat === seat);
  if (f.stage === "special" && sd && sd.situational > 0) {
    return "Keep my dice (pass): no more special re-rolls for you; your situational ones come next";
  }
  return "Keep my dice (pass): you cannot re-roll again this assault";
}

// fightPanel shows the assault waiting for re-rolls (with the dice to tap
// when it is this seat's choice) or the last one resolved.
export function fightPanel(app, v) {
  const f = v.fight || app.lastFight;
  if (!f) return null;
  const live = !!v.fight;
  const mine = live && v.turn === v.seat && v.seat >= 0;
  const rows = f.sides.map((sd, i) => {
    const me = mine && sd.seat === v.seat;
    const tap = (kind, idx) => me ? { onclick: () => app.send({ type: "reroll", dice: kind, index: idx }), "data-die": `${kind}-${idx}`, class: `sg-die ${kind} tap` } : {};
    return h("div", { class: `sg-fside team${sd.seat}`, "data-side": i },
      h("div", { class: "small" }, h("strong", {}, `${i === 0 ? "Attacker" : "Defender"}: ${sd.name}`),
        live ? h("span", { class: "muted" }, ` · re-rolls ${sd.special} special, ${sd.situational} situational${sd.passed ? " · passed" : ""}`) : null),
      h("div", { class: "row" },
        sd.dice.off.map((n, j) => dieEl(n, "off", tap("off", j))),
        sd.dice.def.map((n, j) => dieEl(n, "def", tap("def", j)))));
  });
  return h("div", { class: "card sg-fight" + (live ? " live" : ""), id: live ? "fight-live" : "fight-last", "data-result": f.result || "" },
    h("div", { class: "row" }, h("strong", { class: "grow" }, `${live ? "" : "Last assault: "}${f.close ? "close" : "ranged"} ${TITLE[f.combat].toLowerCase()}`),
      live ? h("span", { class: "small muted" }, `${f.stage} re-rolls`) : h("span", { class: "small", id: "fight-result" }, resultText(f))),
    // What the dice mean now, on every screen: what each side decides on.
    live ? h("p", { class: "sg-now", id: "fight-meaning", role: "status" }, nowLine(f)) : null,
    rows,
    live ? null : strikeLine("Strike", f.strike),
    live ? null : (f.counter ? strikeLine("Counter-strike", f.counter) : h("div", { class: "small muted" }, "No counter-strike.")),
    live && v.deadline ? h("p", { class: "sg-clock", id: "reroll-clock", "data-deadline": v.deadline, role: "timer" }, clockText(v.deadline, Date.now())) : null,
    mine ? h("p", { class: "small" }, "Tap one of your dice to re-roll it, or keep them all.") : null,
    mine ? h("button", { class: "block primary", id: "pass", onclick: () => app.send({ type: "pass" }) }, passLabel(f, v.seat)) : null,
    live && !mine ? h("p", { class: "small muted" }, `${TEAM[v.turn]} is choosing a re-roll.`) : null);
}

// ---- log ----

export function logList(app) {
  const items = [];
  for (let i = app.log.length - 1; i >= 0; i--) {
    const l = app.log[i];
    items.push(h("li", { "data-kind": l.kind, class: l.team >= 0 ? `team${l.team}` : "" }, l.team >= 0 ? TEAM_MARK[l.team] + " " : "", l.text));
  }
  if (!items.length) items.push(h("li", { class: "muted" }, "Nothing has happened yet."));
  return h("ul", { class: "log", id: "log-list", "aria-label": "match log" }, items);
}

export function outcome(v) {
  const o = v.outcome;
  if (!o) return null;
  const w = o.winners && o.winners.length === 1 ? o.winners[0] : -1;
  return [endBanner({ result: resultFor(o, v.seat), winner: w, reason: o.reason, cls: `sg-outcome team${w}`, head: w >= 0 ? `${TEAM[w]} wins` : "A draw" }),
    whatNext({ game: "saga", page: "/saga.html" })];
}

// Pocket Battles' part of the other side's turn (../turnplay.js): the unit
// that was placed, redeployed, moved, charged, shot, carried on a fight or
// left it, the enemy unit it struck, the hits and what was lost, drawn on
// the battlefield's zones (an SVG laid over the HTML grid) and told in
// words. The events carry the zones, named from their owner's seat as
// commands write them ("left_front", "center_engagement"); the page draws
// each side's half from this phone's seat, so a zone is found by the
// owner: this phone's own half, the enemy's (mirrored: its left is our
// right) or the engagement row.

import { s } from "../ui.js";

const MIRROR = { left: "right", center: "center", right: "left" };

// cap starts a sentence with a capital.
const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);
// words turns a zone's name into words: "left_front" -> "left front".
const words = (z) => (z || "").replace(/_/g, " ");

// ANSWERS are the commands that answer the other side's order (a charge's
// answer, the hits it scored): giving one is no turn of this player's own,
// so the other side's turn stays marked.
export const ANSWERS = new Set(["intercept", "fire_at_charge", "hold", "kill", "wound", "charge_target"]);

// turnAdapter reads Battles' events for app's seat.
export function turnAdapter(app) {
  const view = () => app.replay?.snap?.view || app.view;
  // The seat whose half is drawn at the bottom: a spectator sees seat A's.
  const me = () => Math.max(view()?.seat ?? 0, 0);
  const seat = () => view()?.seat ?? -1;
  const sideName = (x) => view()?.sides?.[x]?.name || "";
  // whose names a side as a possessive: "your", "Union's".
  const whose = (x) => (x === seat() ? "your" : `${sideName(x)}'s`);
  // who names a side as a subject: "you", "Union".
  const who = (x) => (x === seat() ? "you" : sideName(x));
  const its = (x) => (x === seat() ? "your" : "its");
  const place = (owner, zone, unit) => (zone ? { owner, zone, unit: unit || "" } : null);
  // The battlefield the marks lie on: the table screen's when the page is
  // one (the phone's, hidden under it, may still be in the page), else the
  // phone's or the debrief's.
  const grid = () => (document.body.classList.contains("tv") && document.querySelector("#tv-board #battlefield")) || document.getElementById("battlefield");
  // Who answered a charge is not whose turn it is: a phone merges its own
  // answer into the other side's turn; a spectator (the table screen, the
  // debrief) keeps every answer in the charging side's turn.
  const answerer = (x) => (seat() < 0 ? 1 - x : x);

  // cell is the zone of the battlefield where place is drawn.
  function cell(p) {
    const g = grid();
    if (!g || !p) return null;
    const [sec, pos] = p.zone.split("_");
    const mine = p.owner === me();
    const row = pos === "engagement" ? "engagement" : `${mine ? "my" : "enemy"}-${pos}`;
    return g.querySelector(`.bt-zone[data-cell="${row}:${mine ? sec : MIRROR[sec]}"]`);
  }

  // el is the unit at place when it is still in its zone, else the zone.
  function el(p) {
    const c = cell(p);
    if (!c) return null;
    return (p.unit && c.querySelector(`.bt-unit[data-unit="${p.unit}"]`)) || c;
  }

  const ad = {
    // A mark's radius: about a third of a zone's width.
    get size() {
      const c = grid()?.querySelector(".bt-zone");
      const w = c ? c.getBoundingClientRect().width : 100;
      return Math.max(20, Math.min(44, w * 0.3));
    },
    name: (p) => (p ? `${whose(p.owner)} ${words(p.zone)}` : ""),
    // box is the unit in its zone when it is still there, else the zone,
    // in the grid's own pixels (the overlay's units): the marks go around
    // it and their words in strips made for them (room), never on the
    // unit's own words.
    box: (p) => {
      const e = el(p);
      if (!e) return null;
      const g = grid().getBoundingClientRect();
      const r = e.getBoundingClientRect();
      return { x: r.left - g.left, y: r.top - g.top, w: r.width, h: r.height };
    },
    // line is where a mark's words fit without strips (the TV): the free
    // middle of a unit's top line, between its number and Order tokens and
    // its contacts; in a zone, the room under its last unit, or the zone
    // itself when empty; null when there is none.
    line: (p) => {
      const e = el(p);
      if (!e) return null;
      const g = grid().getBoundingClientRect();
      const r = e.getBoundingClientRect();
      const head = e.classList.contains("bt-unit") ? e.querySelector(".bt-uhead") : null;
      if (head) {
        const h = head.getBoundingClientRect();
        const contact = head.querySelector(".bt-contact");
        let x0 = h.left;
        for (const c of head.children) if (c !== contact) x0 = Math.max(x0, c.getBoundingClientRect().right);
        const x1 = contact ? contact.getBoundingClientRect().left : h.right;
        return { x0: x0 - g.left + 8, x1: x1 - g.left - 6, y: h.top - g.top + h.height / 2, h: h.height };
      }
      const units = e.querySelectorAll(".bt-unit");
      const low = units.length ? units[units.length - 1].getBoundingClientRect().bottom : r.top;
      if (r.bottom - low < 18) return null;
      return { x0: r.left - g.left + 6, x1: r.right - g.left - 6, y: (low + r.bottom) / 2 - g.top, h: Math.min(r.bottom - low, 24) };
    },
    center: (p) => {
      const b = ad.box(p);
      return b ? { x: b.x + b.w / 2, y: b.y + b.h / 2 } : null;
    },
    // room opens a strip of px at the top of the units (or zones) of tops
    // and at the bottom of those of bottoms, for the marks' words; the
    // strips of the marks drawn before go.
    room: (tops, bottoms, px) => {
      for (const e of grid()?.querySelectorAll(".tp-room-top, .tp-room-bottom") || []) e.classList.remove("tp-room-top", "tp-room-bottom");
      // The TV's battlefield fills a screen that does not scroll: a strip
      // would push units out of their zones.
      if (grid()?.closest("#tv-board")) return false;
      const open = (p, cls) => {
        const e = p && el(p);
        if (!e) return;
        e.classList.add(cls);
        e.style.setProperty("--tp-strip", `${Math.ceil(px)}px`);
      };
      for (const p of tops) open(p, "tp-room-top");
      for (const p of bottoms) open(p, "tp-room-bottom");
      // The grid grew by the strips: the overlay grows with it.
      overlay(grid()?.parentElement);
    },
    step: (e, d) => {
      const x = d.seat;
      if (typeof x !== "number") return null;
      const foe = 1 - x;
      const unit = place(x, d.zone, d.unit);
      const target = place(foe, d.target_zone, d.target);
      switch (e.kind) {
        case "deploy":
          return { actor: x, to: place(x, d.to, d.unit), text: e.text };
        case "redeploy":
          return { actor: x, from: place(x, d.from), to: place(x, d.to, d.unit), text: cap(`${who(x)} redeployed ${d.name} (free) from ${its(x)} ${words(d.from)} to ${its(x)} ${words(d.to)}.`) };
        case "move":
          return { actor: x, from: place(x, d.from), to: place(x, d.to, d.unit), text: cap(`${who(x)} moved ${d.name} from ${its(x)} ${words(d.from)} to ${its(x)} ${words(d.to)}.`) };
        case "charge":
          if (d.target) {
            return { actor: x, from: place(x, d.from), to: place(x, d.to, d.unit), at: target, text: cap(`${who(x)} charged with ${d.name} from ${its(x)} ${words(d.from)} at ${whose(foe)} ${d.target_name}.`) };
          }
          return { actor: x, from: place(x, d.from), to: place(x, d.to, d.unit), text: cap(`${who(x)} charged with ${d.name} from ${its(x)} ${words(d.from)} into the engagement zone.`) };
        case "contact":
          return { actor: x, from: unit, at: target, text: cap(`${whose(x)} ${d.name} came into contact with ${whose(foe)} ${d.target_name}.`) };
        // This phone's answer to a charge is part of the other side's
        // turn (the charge goes on after it): told, and its unit marked as
        // the charge's target, not a turn of its own.
        case "intercept":
          if (x === seat()) {
            return { merge: (last) => { if (!last.at) last.at = place(x, d.to, d.unit); }, text: cap(`${who(x)} intercepted with ${d.name}.`) };
          }
          return { actor: answerer(x), from: place(x, d.from), to: place(x, d.to, d.unit), at: target, text: cap(`${who(x)} intercepted ${whose(foe)} charging ${d.target_name} with ${d.name}.`) };
        case "fire_at_charge":
          if (x === seat()) return { merge: true, text: cap(`${who(x)} shot at the charging ${d.target_name} with ${d.name}.`) };
          return { actor: answerer(x), from: unit, at: target, text: cap(`${who(x)} shot at ${whose(foe)} charging ${d.target_name} with ${d.name}.`) };
        case "hold":
          if (x === seat()) return { merge: true, text: "You let the charge come." };
          return { actor: answerer(x), text: cap(`${who(x)} let ${whose(foe)} charge come.`) };
        case "shoot":
          return { actor: x, from: unit, at: target, text: cap(`${whose(x)} ${d.name} shot at ${whose(foe)} ${d.target_name}.`) };
        case "carry_on":
          return { actor: x, from: unit, at: target, text: cap(`${whose(x)} ${d.name} carried on the fight against ${whose(foe)} ${d.target_name}.`) };
        case "leave":
          return { actor: x, from: place(x, d.from), to: place(x, d.to, d.unit), text: cap(`${who(x)} ordered ${d.name} to leave its engagement.`) };
        case "trait":
          // A relayed move moves the target (one of the side's own units).
          if (d.from) return { actor: x, from: place(x, d.from), to: place(x, d.to, d.target), text: e.text };
          return { actor: x, notes: [{ at: place(x, d.target_zone, d.target), label: "helped" }], text: e.text };
        case "pass":
          return { actor: x, text: cap(`${who(x)} passed.`) };
        case "sacrifice":
          return { actor: x, text: e.text };
        case "roll":
          // The dice of the step's own unit say whether its target was hit;
          // the other side's strike back is told, not marked.
          return {
            merge: (last) => {
              if (last.actor === x && last.at) last.hit = !!last.hit || d.hits > 0;
              if (d.hits > 0 && last.actor !== x) last.struckBack = true;
            },
            text: e.text,
          };
        case "killed":
          return {
            merge: (last) => {
              const p = place(x, d.zone, d.unit);
              if (p && !last.lost.some((q) => q.unit === p.unit && q.zone === p.zone)) last.lost.push(p);
            },
            text: e.text,
          };
        case "wounded":
          return {
            merge: (last) => {
              const p = place(x, d.zone, d.unit);
              if (p) last.notes = [...(last.notes || []).filter((n) => n.at.unit !== p.unit), { at: p, label: "✚ wounded" }];
            },
            text: e.text,
          };
        case "destroyed":
        case "left":
        case "split":
          return { merge: true, text: e.text };
      }
      return null;
    },
  };
  // canvas readies board (the debrief's drawing of the battlefield, in
  // the page) for the marks: the SVG over its grid.
  ad.canvas = (board) => overlay(board);
  return ad;
}

// overlay lays an SVG over the battlefield's grid, in its own pixels, for
// the marks of the turn (turnplay draws into it); the grid's zones stay
// tappable under it.
// It answers the SVG (null when there is no battlefield); one laid before
// is used again, fitted to the grid's size now.
export function overlay(field) {
  const g = field?.querySelector("#battlefield");
  if (!g) return null;
  const w = Math.max(1, Math.round(g.clientWidth)), ht = Math.max(1, Math.round(g.clientHeight));
  let svg = g.querySelector(":scope > .bt-overlay");
  if (!svg) {
    svg = s("svg", { class: "bt-overlay", "aria-hidden": "true" });
    g.prepend(svg);
  }
  for (const [k, v] of Object.entries({ viewBox: `0 0 ${w} ${ht}`, width: w, height: ht })) svg.setAttribute(k, v);
  return svg;
}

// The other side's turn, played on the board: the moves an opponent (bot
// or person) made are shown one by one at a pace a person can follow (a
// tap skips to the end), the last opponent turn's moves stay marked
// (from, to, hit, lost) until this player acts, and a "their turn" card
// tells in words what happened. The same for the replay, version by
// version. Only the events this seat received are shown: the server has
// already kept back what the seat may not know.
//
// Each game's board module gives an adapter:
//   step(e, data, app)  the step an event is, or null: {actor, from, to,
//                       path, at, hit, lost, text}; {merge: true, ...}
//                       adds to the step before it (a loss after a roll)
//   center(place)       the SVG point {x, y} of a square, hex or region
//   size                the radius of a mark in SVG units
//   name(place)         how the board labels a place ("C4")
//   layout              optional: {from: "centre"} writes "from" in the
//                       middle of the square left empty, {num: "top"} puts
//                       a step's number at the top right of its place,
//                       where a board keeps the bottom for its own marks

import { h, s } from "./ui.js";
import { dataOf, reduced } from "./gamepage.js";

// sentence ends text with a full stop unless it has one.
const sentence = (text) => (!text || /[.!?]$/.test(text) ? text || "" : text + ".");

// STEP is how long each of the opponent's moves is held on screen (ms).
export const STEP = 800;

// watchPace is how long the table screen holds a step with behind
// messages still to show: a bot's turn (a burst) at the phones' pace, but
// a screen that fell far behind (players faster than the pace) hurries,
// then catches up at once, so the room never waits on the TV.
export function watchPace(behind) {
  if (behind <= 12) return STEP;
  return behind <= 30 ? STEP / 4 : 0;
}

// turnPlay keeps the last opponent turn of app (which has seat, queue and
// render) and returns what the page calls:
//   take(msg)       absorbs a welcome or update; answers the pause (ms)
//   acted()         this player acted: the marks and the card go
//   overlay(svg)    draws the marks (and the step being played) on svg
//   card()          the "their turn" card, or null
//   replay(events)  the replayed version's steps, marked and played
//   skip()          shows the rest at once
export function turnPlay(app, adapter) {
  const tp = {
    steps: [], // the last opponent turn, in order
    seq: 0, // counts steps, so an animation plays once
    played: 0, // the seq last animated
    skipping: false,
    replaying: null, // {steps} of the replayed version
  };

  // merge adds a loss or a result to the step before it.
  function merge(last, st) {
    if (!last) return;
    if (typeof st.merge === "function") st.merge(last);
    if (st.lost) last.lost = [...last.lost, ...[].concat(st.lost)];
    if (st.text) last.text = sentence(last.text) + " " + sentence(st.text);
    if (st.hit !== undefined) last.hit = st.hit;
  }

  function fresh(st) {
    return { ...st, text: sentence(st.text), lost: st.lost ? [].concat(st.lost) : [], seq: ++tp.seq, t0: performance.now() };
  }

  tp.take = (msg) => {
    const welcome = msg.t === "welcome";
    if (welcome && msg.gap) tp.steps = [];
    let pause = 0;
    for (const e of msg.events || []) {
      const st = adapter.step(e, dataOf(e) || {}, app);
      if (!st) continue;
      if (st.merge) {
        if (!tp.old) merge(tp.steps[tp.steps.length - 1], st);
        continue;
      }
      // This seat's own step ends the opponents' turn on its screen; a
      // spectator's screen keeps one side's turn at a time.
      if (st.actor === app.seat) {
        tp.steps = [];
        tp.old = true;
        continue;
      }
      const first = tp.steps[0];
      if (tp.old || (app.seat < 0 && first && first.actor !== st.actor)) {
        tp.steps = [];
        tp.old = false;
        tp.skipping = false;
      }
      tp.steps.push(fresh(st));
      // A seated player follows the turn step by step, and so does the
      // table screen (the TV, body.tv), which plays each side's turn as
      // the phones do.
      if (app.seat >= 0) pause = STEP;
      else if (document.body.classList.contains("tv")) pause = watchPace((app.queue || []).length);
    }
    // A welcome catches up on the past: marked, not played.
    if (welcome || reduced.matches) {
      tp.played = tp.seq;
      return 0;
    }
    return tp.skipping ? 0 : pause;
  };

  // acted: the player's own action; the last opponent turn is now old.
  tp.acted = () => {
    if (!tp.steps.length) return;
    tp.steps = [];
    tp.old = true;
    tp.skipping = false;
    app.render();
  };

  tp.playing = () => !tp.skipping && !reduced.matches && (app.showing || (app.queue || []).length > 0) && tp.steps.length > 0 && !tp.old;

  tp.skip = () => {
    if (!tp.playing()) return false;
    tp.skipping = true;
    tp.played = tp.seq;
    if (app.wake) app.wake();
    app.render();
    return true;
  };

  tp.replay = (events) => {
    const out = [];
    for (const e of events || []) {
      const st = adapter.step(e, dataOf(e) || {}, app);
      if (!st) continue;
      if (st.merge) merge(out[out.length - 1], st);
      else out.push(fresh(st));
    }
    tp.replaying = { steps: out };
  };
  tp.endReplay = () => {
    tp.replaying = null;
  };

  function current() {
    return tp.replaying && app.replay ? tp.replaying.steps : tp.steps;
  }

  tp.overlay = (svg) => {
    if (!svg) return;
    const steps = current();
    if (!steps.length) return;
    const r = adapter.size;
    // Words on the board stay readable (12 px or more) however small the
    // board is drawn: f is a label's font size in SVG units.
    const vb = svg.viewBox && svg.viewBox.baseVal;
    const wide = svg.getBoundingClientRect().width;
    const perPx = vb && vb.width && wide ? vb.width / wide : 1;
    const f = Math.max(r * 0.36, 12 * perPx);
    const lh = f * 1.4; // a label's height
    // A board whose places hold words of their own (Battles' units) gives
    // each place's box: the marks go around it, and their words in strips
    // the board opens at its top (from, to, target, the step's number) and
    // bottom (lost, wounded), never on the place's own words. A board that
    // cannot grow (a TV's, of a fixed height) opens none (room answers
    // false): the words then go where its line(place) has room, in the
    // free part of a unit's top line, or are left to the rings' shapes.
    const boxed = !!adapter.box;
    let strips = false;
    if (boxed && adapter.room) {
      const tops = [], bottoms = [];
      for (const st of steps) {
        // A shooter's place has no words: only where a piece left does.
        const went = st.path ? st.path[st.path.length - 1] : st.to;
        for (const p of [went ? st.from : null, went, st.at]) if (p) tops.push(p);
        for (const p of st.lost) bottoms.push(p);
        for (const n of st.notes || []) bottoms.push(n.at);
      }
      strips = adapter.room(tops, bottoms, (lh + 4) / perPx) !== false;
    }
    const box = (p) => (boxed && p ? adapter.box(p) : null);
    const g = s("g", { class: "tp-marks", "data-steps": steps.length, "aria-hidden": "true" });
    // tag draws text on a tag centred on pt, in letters of fs.
    const tag = (pt, text, cls, fs = f) => {
      const w = width(text, fs);
      return s("g", { class: "tp-label " + cls },
        s("rect", { x: pt.x - w / 2, y: pt.y - fs * 0.7, width: w, height: fs * 1.4, rx: fs * 0.3 }),
        s("text", { x: pt.x, y: pt.y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": fs }, text));
    };
    const width = (text, fs = f) => text.length * fs * 0.62 + fs * 0.8;
    // A word on a unit's own line is as tall as the line lets it (not
    // under 11 px).
    const lineFont = (line) => Math.max(11 * perPx, Math.min(f, line.h / 1.3));
    // A label of place: in its box's strip (top: left end; bottom: left,
    // or right for a note), else above its ring (below with dy > 0).
    // Several steps may mark one place: their words line up along its
    // strip (the same word once), and their numbers side by side.
    const used = new Map();
    const take = (key, text, w) => {
      const u = used.get(key) || { at: 0, said: new Set() };
      used.set(key, u);
      if (text && u.said.has(text)) return -1;
      if (text) u.said.add(text);
      u.at += w + 3;
      return u.at - w - 3;
    };
    // inLine places a word of w on place's free line: its x and y, or
    // null when the line has no room left for it.
    const inLine = (p, b, text, w) => {
      const line = adapter.line && adapter.line(p);
      if (!line) return null;
      const fs = lineFont(line);
      if (typeof w === "function") w = w(fs);
      const at = take(`line ${b.x} ${b.y}`, text, w);
      if (at < 0 || line.x0 + at + w > line.x1) return null;
      return { x: line.x0 + at + w / 2, y: line.y, fs };
    };
    const label = (p, text, cls, where = "top", dy = 0) => {
      const b = box(p);
      if (b && !strips) {
        const pt = inLine(p, b, text, (fs) => width(text, fs));
        return pt ? tag(pt, text, cls, pt.fs) : null;
      }
      if (b) {
        const w = width(text);
        const at = take(`${where === "top" ? "top" : "bottom"}${where === "right" ? "R" : "L"} ${b.x} ${b.y}`, text, w);
        if (at < 0) return null;
        const x = where === "right" ? b.x + b.w - 4 - at - w / 2 : b.x + 4 + at + w / 2;
        const y = where === "top" ? b.y + 2 + lh / 2 : b.y + b.h - 2 - lh / 2;
        return tag({ x, y }, text, cls);
      }
      const pt = adapter.center(p);
      // The same word at the same spot (two shots at one target) once.
      if (!pt || take(`at ${pt.x} ${pt.y + dy}`, text, 0) < 0) return null;
      return tag({ x: pt.x, y: pt.y - r * 0.8 + dy }, text, cls);
    };
    // ring draws a mark around place: a rectangle around its box, else a
    // circle of k times the mark's radius.
    const ring = (p, k, cls, pt) => {
      const b = box(p);
      const data = { class: cls, "data-place": adapter.name(p) };
      if (b) return s("rect", { x: b.x - 3, y: b.y - 3, width: b.w + 6, height: b.h + 6, rx: 8, ...data });
      return s("circle", { cx: pt.x, cy: pt.y, r: r * k, ...data });
    };
    // edge is where the way from a to z leaves place's box (or its ring).
    const edge = (p, pt, toward, k) => {
      const dx = toward.x - pt.x, dy = toward.y - pt.y;
      if (!dx && !dy) return pt;
      const len = Math.hypot(dx, dy);
      const b = box(p);
      const t = b ? Math.min(dx ? (b.w / 2 + 4) / Math.abs(dx) : Infinity, dy ? (b.h / 2 + 4) / Math.abs(dy) : Infinity) * len : r * k;
      return { x: pt.x + (dx / len) * t, y: pt.y + (dy / len) * t };
    };
    const lay = adapter.layout || {};
    // Where the "from" word goes: above the ring, or inside it.
    const fromDy = lay.from === "centre" ? r * 0.8 : 0;
    const last = steps[steps.length - 1];
    const replaying = !!(tp.replaying && app.replay);
    steps.forEach((st, i) => {
      const n = i + 1;
      // The step being played: drawn as such while the turn plays, and
      // animated for its first moments. A redraw resumes the animation
      // where it was (a negative delay) instead of starting it again.
      const now = st === last && (replaying ? st.seq > tp.played : tp.playing());
      const elapsed = performance.now() - st.t0;
      const anim = now && st.seq > tp.played && !tp.skipping && !reduced.matches && elapsed < STEP;
      const places = [st.from, ...(st.path || (st.to ? [st.to] : []))].filter(Boolean).filter((p) => adapter.center(p));
      const pts = places.map(adapter.center);
      const sg = s("g", { class: "tp-step" + (now ? " now" : "") + (anim ? " anim" : ""), "data-step": n, style: anim ? `--tp-delay: ${-elapsed.toFixed(0)}ms` : null });
      const add = (...els) => sg.append(...els.filter(Boolean));
      if (st.from && pts.length > 1) {
        const a = pts[0];
        add(ring(places[0], 0.8, "tp-from", a), label(places[0], "from", "from", "top", fromDy));
        const z = pts[pts.length - 1];
        const p = pts[pts.length - 2];
        // The way starts at the edge of where the piece was (a box) and
        // ends at the edge of where it went, its head touching it.
        const way = boxed ? [edge(places[0], a, pts[1], 0), ...pts.slice(1, -1), edge(places[places.length - 1], z, p, 0.85)] : pts;
        const d = "M" + way.map((q) => `${q.x.toFixed(1)} ${q.y.toFixed(1)}`).join("L");
        add(s("path", { d, class: "tp-path", pathLength: 100 }));
        const ang = Math.atan2(z.y - p.y, z.x - p.x);
        const tip = boxed ? way[way.length - 1] : { x: z.x - Math.cos(ang) * r * 0.85, y: z.y - Math.sin(ang) * r * 0.85 };
        const side = (k) => `${(tip.x - Math.cos(ang + k) * r * 0.35).toFixed(1)} ${(tip.y - Math.sin(ang + k) * r * 0.35).toFixed(1)}`;
        add(s("path", { d: `M${tip.x.toFixed(1)} ${tip.y.toFixed(1)}L${side(0.5)}L${side(-0.5)}Z`, class: "tp-head" }));
        const end = places[places.length - 1];
        add(ring(end, 0.85, "tp-to", z));
        if (anim) {
          // A ghost of the piece sails from where it was to where it went.
          const ghost = s("circle", { cx: z.x, cy: z.y, r: r * 0.55, class: "tp-ghost" + (boxed ? " boxed" : "") });
          sg.append(ghost);
          requestAnimationFrame(() => {
            if (!ghost.animate) return;
            const frames = pts.map((q) => ({ transform: `translate(${q.x - z.x}px, ${q.y - z.y}px)` }));
            ghost.animate(frames, { duration: STEP * 0.7, delay: -elapsed, easing: "ease-in-out", fill: "forwards" });
          });
        }
      }
      if (pts.length === 1 && !st.at) {
        // Put on the board from off it (a unit summoned from the reserves).
        add(ring(places[0], 0.85, "tp-to", pts[0]), label(places[0], st.to ? "new" : "left", "from"));
      }
      if (st.at) {
        const t = adapter.center(st.at);
        if (t) {
          const src = st.from ? adapter.center(st.from) : null;
          // (A unit striking one in its own place has no line to draw.)
          if (src && !st.to && (src.x !== t.x || src.y !== t.y)) {
            add(ring(st.from, 0.8, "tp-from tp-shooter", src));
            const a = boxed ? edge(st.from, src, t, 0) : src;
            const z = boxed ? edge(st.at, t, src, 0) : t;
            add(s("line", { x1: a.x, y1: a.y, x2: z.x, y2: z.y, class: "tp-shot", pathLength: 100 }));
          }
          // An assault whose dice are still rolling is a target, not yet a hit or a miss.
          const how = st.hit === undefined ? "pending" : st.hit ? "hit" : "miss";
          // A target lost says "✕ lost", which tells the hit too.
          const gone = st.lost.some((q) => adapter.name(q) === adapter.name(st.at));
          add(ring(st.at, 0.9, "tp-target " + how, t), gone ? null : label(st.at, { pending: "⚔ target", hit: "✸ hit", miss: "miss" }[how], how));
        }
      }
      for (const note of st.notes || []) {
        if (adapter.center(note.at)) add(label(note.at, note.label, "note", "right", r * 1.6));
      }
      for (const at of st.lost) {
        const t = adapter.center(at);
        if (!t) continue;
        const b = box(at);
        // A cross on the place, or around a box with words in it: its
        // outline in red, and "✕ lost" in its bottom strip.
        if (b) add(s("rect", { x: b.x - 1, y: b.y - 1, width: b.w + 2, height: b.h + 2, rx: 7, class: "tp-lost boxed", "data-place": adapter.name(at) }));
        else add(s("path", { d: `M${t.x - r * 0.45} ${t.y - r * 0.45}L${t.x + r * 0.45} ${t.y + r * 0.45}M${t.x + r * 0.45} ${t.y - r * 0.45}L${t.x - r * 0.45} ${t.y + r * 0.45}`, class: "tp-lost", "data-place": adapter.name(at) }));
        add(b ? label(at, "✕ lost", "lost", "bottom") : lostLabel(at, t));
      }
      // The step's number, as the card numbers it.
      const numAt = st.to || (st.path && st.path[st.path.length - 1]) || st.at || st.from;
      const spot = adapter.center(numAt);
      if (spot) {
        const nr = Math.max(r * 0.26, f * 0.72);
        const b = box(numAt);
        const free = b && !strips ? inLine(numAt, b, "", (fs) => fs * 1.4) : null;
        // Several steps' numbers on one place sit side by side.
        const nx = free ? free.x : b ? b.x + b.w - 4 - nr - take(`num ${b.x} ${b.y}`, "", nr * 2) : spot.x + r * 0.7 - take(`num ${spot.x} ${spot.y}`, "", nr * 2);
        const ny = free ? free.y : b ? b.y + 2 + lh / 2 : spot.y + (lay.num === "top" ? -r * 0.55 : r * 0.55);
        if (!b || strips || free) {
          add(s("circle", { cx: nx, cy: ny, r: free ? free.fs * 0.7 : nr, class: "tp-num" }));
          add(s("text", { x: nx, y: ny + r * 0.01, class: "tp-numtext", "text-anchor": "middle", "dominant-baseline": "central", "font-size": free ? free.fs : Math.max(r * 0.34, f) }, String(n)));
        }
      }
      g.append(sg);
    });
    // The marks' words lie above every ring, way and cross, and the
    // steps' numbers above them.
    const words = s("g", { class: "tp-labels" });
    for (const l of g.querySelectorAll(".tp-label, .tp-num, .tp-numtext")) words.append(l);
    for (const l of [...words.querySelectorAll(":scope > .tp-num, :scope > .tp-numtext")]) words.append(l);
    g.append(words);
    // A replayed step plays once; a live one for its first moments.
    if (replaying) tp.played = Math.max(tp.played, last.seq);
    svg.append(g);
    raise(svg, g);

    // lostLabel is "✕ lost" under a lost piece's cross, or higher, just
    // under its middle, where the board writes its own labels at the
    // bottom of the place (adapter.bottom(place): Tactics' bottom row,
    // whose squares carry the column letters).
    function lostLabel(at, t) {
      const up = adapter.bottom && adapter.bottom(at);
      return tag({ x: t.x, y: t.y + (up ? r * 0.2 : r * 0.75) }, "✕ lost", "lost");
    }
  };

  // raise keeps the board's own words readable over the marks: each of
  // them (adapter.words, a selector of the SVG board's texts) that a mark
  // lies on is drawn again, as it is, above the marks.
  function raise(svg, g) {
    if (!adapter.words) return;
    const words = [...svg.querySelectorAll(adapter.words)].filter((w) => !w.closest(".tp-marks"));
    nudge(svg, g, words.map((w) => w.getBoundingClientRect()).filter((r) => r.width));
    const near = [...g.querySelectorAll(".tp-label, .tp-num, .tp-from, .tp-to, .tp-target, .tp-lost, .tp-path, .tp-shot, .tp-head")].map((e) => e.getBoundingClientRect());
    const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const ctm = svg.getScreenCTM();
    if (!ctm || !near.length) return;
    const back = ctm.inverse();
    const layer = s("g", { class: "tp-words" });
    for (const w of words) {
      const r = w.getBoundingClientRect();
      if (!r.width || !near.some((m) => over(m, r))) continue;
      const cs = getComputedStyle(w);
      if (cs.display === "none" || cs.visibility === "hidden") continue;
      const c = w.cloneNode(true);
      for (const k of [...c.attributes].map((x) => x.name)) if (k === "id" || k === "class" || k.startsWith("data-") || k === "transform") c.removeAttribute(k);
      c.setAttribute("class", "tp-word");
      for (const k of ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "paint-order", "font-family", "font-size", "font-weight", "letter-spacing", "opacity", "text-anchor", "dominant-baseline"]) {
        c.style.setProperty(k, cs.getPropertyValue(k));
      }
      const m = back.multiply(w.getScreenCTM());
      c.setAttribute("transform", `matrix(${[m.a, m.b, m.c, m.d, m.e, m.f].map((x) => +x.toFixed(3)).join(" ")})`);
      layer.append(c);
    }
    if (layer.firstChild) g.append(layer);
  }

  // nudge moves a mark's word that lies on one of the board's (rects, on
  // screen) to the nearest spot around it clear of them, of the marks'
  // other words and of the board's edge; one with no such spot stays, and
  // the board's word is drawn above it.
  function nudge(svg, g, rects) {
    const ctm = svg.getScreenCTM();
    if (!ctm || !rects.length) return;
    const edge = svg.getBoundingClientRect();
    const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const inside = (r) => r.left >= edge.left && r.right <= edge.right && r.top >= edge.top && r.bottom <= edge.bottom;
    const labels = [...g.querySelectorAll(".tp-label")];
    const placed = labels.map((l) => l.getBoundingClientRect());
    const nums = [...g.querySelectorAll(".tp-num")].map((n) => n.getBoundingClientRect());
    labels.forEach((l, i) => {
      const r = placed[i];
      const others = [...placed.filter((_, j) => j !== i), ...nums];
      if (!rects.some((w) => over(w, r))) return;
      const w = r.width * 0.6, ht = r.height + 2;
      for (const [dx, dy] of [[0, -ht], [0, ht], [-w, 0], [w, 0], [-w, -ht], [w, -ht], [-w, ht], [w, ht], [0, -2 * ht], [0, 2 * ht]]) {
        const m = { left: r.left + dx, right: r.right + dx, top: r.top + dy, bottom: r.bottom + dy };
        if (!inside(m) || rects.some((x) => over(x, m)) || others.some((x) => over(x, m))) continue;
        l.setAttribute("transform", `translate(${(dx / ctm.a).toFixed(1)} ${(dy / ctm.d).toFixed(1)})`);
        placed[i] = m;
        return;
      }
    });
  }

  tp.card = () => {
    const steps = current();
    if (!steps.length) return null;
    const replaying = !!(tp.replaying && app.replay);
    const playing = !replaying && tp.playing();
    return h("section", { class: "card tp-card", id: "their-turn", "data-playing": playing ? "1" : "0", "aria-live": "polite", onclick: () => tp.skip() },
      h("h3", {}, replaying ? (steps.length > 1 ? "This turn, up to this step" : "What happened at this step") : playing ? "Their turn, move by move" : "Their turn"),
      h("ol", { class: "tp-list" }, steps.map((st, i) => h("li", { class: i === steps.length - 1 && playing ? "now" : "", "data-step": i + 1 }, st.text))),
      playing ? h("button", { class: "tp-skip", id: "tp-skip", onclick: (e) => { e.stopPropagation(); tp.skip(); } }, "Skip: show the whole turn ▸▸") :
        replaying ? null : h("p", { class: "small muted" }, "Marked on the board until you act: from (dashed ring), to (arrow), ✸ hit, ✕ lost."));
  };

  // show marks the board drawn in boardEl and puts the card in a slot
  // right under it (made once), where the player is looking.
  tp.show = (boardEl) => {
    if (!boardEl) return;
    tp.overlay(boardEl.querySelector("svg"));
    let slot = boardEl.nextElementSibling;
    if (!slot || !slot.classList.contains("tp-slot")) {
      slot = h("div", { class: "tp-slot" });
      boardEl.after(slot);
    }
    const card = tp.card();
    slot.replaceChildren(...(card ? [card] : []));
  };

  // A tap anywhere while a turn plays shows the rest at once.
  document.addEventListener("pointerdown", () => tp.skip(), { capture: true });

  return tp;
}

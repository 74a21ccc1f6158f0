// The Radio Operator's panel: the enemy's announced headings drawn on a
// transparent sheet that can be dragged over the chart, as with the real
// overlay; erase and restart; notes. When the room has radio assist, the
// tracker's possible cells are a layer that can be switched on and off.

import { h, s, replace, dirStep, cellName, parseCell } from "../ui.js";
import { chartSVG, CELL, MARGIN } from "../map.js";
import { enemyLines } from "../log.js";

function storageKey(app) {
  return `periscope.radio.${app.code}.${app.seat}`;
}

function load(app) {
  try {
    return JSON.parse(localStorage.getItem(storageKey(app)) || "null");
  } catch {
    return null;
  }
}

function save(app, st) {
  try {
    localStorage.setItem(storageKey(app), JSON.stringify({ anchor: st.anchor, from: st.from, notes: st.notes, layer: st.layer }));
  } catch {
    // No storage: the overlay lasts as long as the page.
  }
}

// track turns the enemy's announcements since index `from` into points
// relative to the start, and marks for silences, surfacing and mines.
export function track(lines, from) {
  let x = 0;
  let y = 0;
  const points = [[0, 0]];
  const marks = [];
  (lines || []).slice(from).forEach((l) => {
    switch (l.kind) {
      case "course": {
        const d = dirStep[l.dir];
        if (!d) return;
        x += d[0];
        y += d[1];
        points.push([x, y]);
        break;
      }
      case "silence":
        marks.push({ kind: "silence", x, y });
        break;
      case "surface":
        marks.push({ kind: "surface", x, y, text: `S${l.sector}` });
        break;
      case "mine_dropped":
        marks.push({ kind: "mine", x, y });
        break;
    }
  });
  return { points, marks, x, y };
}

export function radioPanel(el, app) {
  const saved = load(app) || {};
  const st = {
    anchor: saved.anchor || null,
    from: saved.from || 0,
    notes: saved.notes || "",
    layer: saved.layer !== undefined ? saved.layer : true,
    drag: null,
  };
  const dyn = h("div");
  const notes = h("textarea", {
    id: "notes", "aria-label": "notes", placeholder: "Notes: drone answers, sonar facts, hunches…",
    oninput: (e) => { st.notes = e.target.value; save(app, st); },
  });
  notes.value = st.notes;
  el.append(dyn, h("div", { class: "card" }, h("h3", {}, "Notes"), notes));

  function centre(size) {
    const c = Math.floor(size / 2);
    return { col: c, row: c };
  }

  function overlay(v, t, movable = true) {
    return (g) => {
      const a = st.anchor;
      const xs = t.points.map((p) => p[0]);
      const ys = t.points.map((p) => p[1]);
      const minX = Math.min(...xs) - 1;
      const minY = Math.min(...ys) - 1;
      const w = Math.max(...xs) - minX + 2;
      const hgt = Math.max(...ys) - minY + 2;
      const px = (x) => (x + 0.5) * CELL;
      const grp = s("g", {
        class: "overlay" + (st.drag ? " drag" : ""),
        id: "overlay",
        transform: `translate(${g.x(a.col)},${g.y(a.row)})`,
        "data-col": a.col, "data-row": a.row,
      });
      grp.append(s("rect", { class: "sheetbg", x: minX * CELL, y: minY * CELL, width: w * CELL, height: hgt * CELL, rx: 6 }));
      if (t.points.length > 1) {
        grp.append(s("path", { class: "track", d: t.points.map((p, i) => `${i ? "L" : "M"}${px(p[0])},${px(p[1])}`).join(" ") }));
      }
      grp.append(s("circle", { class: "trackstart", cx: px(0), cy: px(0), r: 5 }));
      for (const m of t.marks) {
        if (m.kind === "silence") {
          grp.append(s("circle", { class: "unsure", cx: px(m.x), cy: px(m.y), r: CELL * 0.9 }));
          grp.append(s("text", { class: "tracktext", x: px(m.x) + CELL * 0.7, y: px(m.y) - CELL * 0.7 }, "?"));
        } else if (m.kind === "surface") {
          grp.append(s("text", { class: "tracktext", x: px(m.x), y: px(m.y) - CELL * 0.6 }, m.text));
        } else if (m.kind === "mine") {
          grp.append(s("text", { class: "tracktext", x: px(m.x) + CELL * 0.55, y: px(m.y) + CELL * 0.55 }, "M"));
        }
      }
      grp.append(s("rect", { class: "tracknow", x: px(t.x) - 9, y: px(t.y) - 9, width: 18, height: 18, rx: 3 }));
      if (movable) grp.addEventListener("pointerdown", (e) => startDrag(e, grp, v));
      else grp.classList.add("still");
      return grp;
    };
  }

  function startDrag(e, grp, v) {
    const svg = grp.ownerSVGElement;
    const inv = svg.getScreenCTM()?.inverse();
    if (!inv) return;
    const toSVG = (ev) => {
      const p = svg.createSVGPoint();
      p.x = ev.clientX;
      p.y = ev.clientY;
      return p.matrixTransform(inv);
    };
    const start = toSVG(e);
    const a = { ...st.anchor };
    st.drag = { dx: 0, dy: 0 };
    app.gesture += 1;
    grp.setPointerCapture?.(e.pointerId);
    grp.classList.add("drag");
    const move = (ev) => {
      const p = toSVG(ev);
      st.drag.dx = p.x - start.x;
      st.drag.dy = p.y - start.y;
      grp.setAttribute("transform", `translate(${MARGIN + a.col * CELL + st.drag.dx},${MARGIN + a.row * CELL + st.drag.dy})`);
    };
    const up = () => {
      grp.removeEventListener("pointermove", move);
      grp.removeEventListener("pointerup", up);
      grp.removeEventListener("pointercancel", up);
      const size = v.chart.size;
      const clamp = (n) => Math.max(-size, Math.min(2 * size, n));
      st.anchor = { col: clamp(a.col + Math.round(st.drag.dx / CELL)), row: clamp(a.row + Math.round(st.drag.dy / CELL)) };
      st.drag = null;
      save(app, st);
      app.endGesture();
      app.render();
    };
    grp.addEventListener("pointermove", move);
    grp.addEventListener("pointerup", up);
    grp.addEventListener("pointercancel", up);
    e.preventDefault();
  }

  // sheetLine says where the sheet's track ends on the map and whether
  // the tracker agrees, with a button that snaps the sheet onto the
  // tracker's best fit.
  function sheetLine(v, t, radio) {
    if (radio.lost) return null;
    const at = sheetAt(v, t);
    const fits = at && (radio.cells || []).includes(at);
    const best = bestFit(v, t, radio);
    const unsure = t.marks.some((m) => m.kind === "silence") ? " (after a silence the sheet's end is a guess)" : "";
    return h("div", { class: "row", id: "sheet-vs-tracker" },
      h("span", { class: "small grow", id: "sheet-at", "data-cell": at, "data-fits": String(!!fits) },
        at ? `The sheet ends on ${at}: ${fits ? "a possible cell" : "not one of the tracker's cells"}${unsure}.` : "The sheet ends off the map: drag it back."),
      best ? h("button", { id: "snap", "data-cell": best, onclick: () => snap(best, t) }, `Snap to ${best}`) : null);
  }

  function nudge(dc, dr) {
    st.anchor = { col: st.anchor.col + dc, row: st.anchor.row + dr };
    save(app, st);
    app.render();
  }

  // bestFit is the tracker's cell to lay the sheet's end on: the likeliest
  // of the possible cells where the whole drawn track lies on water (the
  // first such in the tracker's row order when it has no likelihoods).
  function bestFit(v, t, radio) {
    const cells = radio?.cells || [];
    if (!cells.length || radio.lost) return null;
    const n = v.chart.size;
    const islands = new Set(v.chart.islands || []);
    const water = (col, row) => col >= 0 && row >= 0 && col < n && row < n && !islands.has(cellName(col, row));
    const fits = (name) => {
      const c = parseCell(name);
      return !!c && t.points.every(([x, y]) => water(c.col - t.x + x, c.row - t.y + y));
    };
    const order = cells.map((c, i) => [c, radio.heat?.[i] || 0]).sort((a, b) => b[1] - a[1]);
    return (order.find(([c]) => fits(c)) || order[0])[0];
  }

  // sheetAt is the cell the sheet's last point lies on, as placed now.
  function sheetAt(v, t) {
    const col = st.anchor.col + t.x;
    const row = st.anchor.row + t.y;
    const n = v.chart.size;
    return col >= 0 && row >= 0 && col < n && row < n ? cellName(col, row) : "";
  }

  // snap moves the sheet so its last point lies on the tracker's
  // likeliest cell: the sheet and the tracker in one frame.
  function snap(cell, t) {
    const c = parseCell(cell);
    if (!c) return;
    st.anchor = { col: c.col - t.x, row: c.row - t.y };
    save(app, st);
    app.render();
  }

  return function render() {
    const v = app.view;
    if (!v) return;
    if (!st.anchor) st.anchor = centre(v.chart.size);
    // The enemy's announcements, from the events this page keeps.
    const enemy = enemyLines(app.lines, v.crew);
    if (st.from > enemy.length) st.from = 0;
    const t = track(enemy, st.from);
    const radio = v.radio;
    const parts = [];
    const heard = enemy.slice(st.from).filter((l) => l.kind === "course").length;
    // After the end the sheet is a record, not a tool: no instruction and
    // no control (the outcome card shows where the enemy really went).
    const over = !!v.public.outcome;
    // While surfaced the duty banner gives the one instruction: this card
    // only says what the sheet does meanwhile.
    const how = over ? "Your sheet as it stood at the end: the enemy's headings you heard, where you had laid them."
      : v.own?.surfacing ? "Surfaced: the enemy's headings still go on the transparent sheet (orange); lay it over the map again once you dive."
        : ["Every enemy heading is drawn on the transparent sheet (orange). Drag it over the map until it fits between the islands; ", h("strong", {}, "?"), " marks a silence (up to 4 cells, any heading)."];
    parts.push(h("div", { class: "card crew" },
      h("p", { id: "radio-how" }, how),
      h("p", { class: "small muted", id: "heard" }, `${heard} heading${heard === 1 ? "" : "s"} on the sheet.`)));
    notes.readOnly = over;
    if (over) {
      parts.push(chartSVG(v.chart, { label: "enemy plot", archer: v.public.archer_mines, overlay: overlay(v, t, false) }));
      replace(dyn, parts);
      return;
    }
    if (radio) {
      const n = radio.cells?.length || 0;
      parts.push(h("div", { class: "card", id: "tracker" },
        h("label", { class: "inline" },
          h("input", {
            type: "checkbox", id: "tracker-toggle", checked: st.layer,
            onchange: (e) => { st.layer = e.target.checked; save(app, st); app.render(); },
          }), "Show the tracker's possible cells"),
        radio.lost
          ? h("p", { class: "notice warn" }, "The tracker lost the enemy: work by hand on the sheet.")
          : h("p", {}, h("strong", { id: "possible" }, `${n} possible cell${n === 1 ? "" : "s"}`),
            radio.sectors?.length ? ` · sector${radio.sectors.length > 1 ? "s" : ""} ${radio.sectors.join(", ")}` : "",
            radio.mode === "heat" ? " · brighter is likelier" : ""),
        // After long silence chains the tracker keeps its promise (the enemy
        // is among these cells) but cannot prove every cell: say so.
        !radio.lost && radio.exact === false
          ? h("p", { class: "small muted", id: "inexact" }, "Some of these cells may be impossible: after many silences the tracker cannot check every route in time. The enemy is certainly among them.")
          : null,
        sheetLine(v, t, radio)));
    }
    parts.push(chartSVG(v.chart, {
      label: "enemy plot",
      archer: v.public.archer_mines,
      heat: radio && st.layer && !radio.lost ? { cells: radio.cells, heat: radio.mode === "heat" ? radio.heat : null } : null,
      overlay: overlay(v, t),
    }));
    parts.push(h("div", { class: "row", style: "justify-content:center" },
      h("button", { "aria-label": "move sheet west", onclick: () => nudge(-1, 0) }, "←"),
      h("button", { "aria-label": "move sheet north", onclick: () => nudge(0, -1) }, "↑"),
      h("button", { "aria-label": "move sheet south", onclick: () => nudge(0, 1) }, "↓"),
      h("button", { "aria-label": "move sheet east", onclick: () => nudge(1, 0) }, "→"),
      h("button", {
        id: "restart",
        onclick: () => {
          st.from = enemy.length;
          st.anchor = centre(v.chart.size);
          save(app, st);
          app.render();
        },
      }, "Erase & restart")));
    replace(dyn, parts);
  };
}

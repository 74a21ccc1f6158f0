// A chart whose cells are smaller than a thumb (44 px) zooms in where it is
// tapped: the tap still picks the cell under the finger, and the chart then
// shows a 6x6 window around it, so the pick is seen big and any cell near
// it is an easy second tap. "Whole chart" goes back.

import { h, s, cellName } from "./ui.js";
import { geometry, CELL, MARGIN } from "./map.js";
import { useAids } from "./banner.js";

const WINDOW = 6; // cells across when zoomed: 48 px and more on a 360 px phone
const THUMB = 44; // px: the smallest cell a finger hits for sure

// zoomable wraps a chart SVG (from chartSVG) that asks for a cell tap. st
// is the caller's state object (it survives re-renders): st.zoom holds the
// centre {col, row} while zoomed. redo re-renders the caller.
export function zoomable(svg, st, redo) {
  useAids();
  const n = Number(svg.dataset.size);
  const g = geometry(n);
  if (st.zoom) {
    const half = Math.floor(WINDOW / 2);
    const c0 = Math.max(0, Math.min(n - WINDOW, st.zoom.col - half));
    const r0 = Math.max(0, Math.min(n - WINDOW, st.zoom.row - half));
    // The window, with a band of coordinates on its top and left edges
    // (drawn over the neighbouring cells), so the player knows where it is.
    const x0 = g.x(c0) - MARGIN;
    const y0 = g.y(r0) - MARGIN;
    svg.setAttribute("viewBox", `${x0} ${y0} ${WINDOW * CELL + MARGIN + 4} ${WINDOW * CELL + MARGIN + 4}`);
    svg.dataset.zoom = cellName(c0, r0);
    const band = s("g", { class: "zoomband", "aria-hidden": "true" },
      s("rect", { x: x0, y: y0, width: WINDOW * CELL + MARGIN + 4, height: MARGIN, fill: "#08111c" }),
      s("rect", { x: x0, y: y0, width: MARGIN, height: WINDOW * CELL + MARGIN + 4, fill: "#08111c" }));
    for (let i = 0; i < WINDOW; i++) {
      band.append(s("text", { class: "label", x: g.cx(c0 + i), y: y0 + MARGIN / 2 }, String.fromCharCode(65 + c0 + i)));
      band.append(s("text", { class: "label", x: x0 + MARGIN / 2, y: g.cy(r0 + i) }, String(r0 + i + 1)));
    }
    svg.append(band);
  }
  // Capture: runs before the cell's own handler, which still picks.
  svg.addEventListener("click", (e) => {
    if (st.zoom) return;
    const px = svg.getBoundingClientRect().width * CELL / g.side;
    if (px >= THUMB) return;
    const ctm = svg.getScreenCTM();
    if (!ctm) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    const col = Math.floor((p.x - g.x(0)) / CELL);
    const row = Math.floor((p.y - g.y(0)) / CELL);
    if (col < 0 || row < 0 || col >= n || row >= n) return;
    st.zoom = { col, row };
    setTimeout(redo, 0);
  }, true);
  return h("div", { class: "zoomwrap", "data-zoomed": String(!!st.zoom) },
    h("p", { class: "zoom-hint" }, st.zoom ? "Zoomed in: tap the cell you want." : "Tap near the cell: the chart zooms in."),
    svg,
    st.zoom ? h("button", { class: "zoom-out", id: "zoom-out", type: "button", onclick: () => { st.zoom = null; redo(); } }, "⤢ Whole chart") : null);
}

// zoomFirst wraps any drawing (an SVG with a viewBox) whose tap targets,
// the elements matching opts.hits, may be smaller than a thumb on this
// screen: the tap still picks what is under the finger, and the drawing
// then shows a window around it, enlarged so the smallest target is a
// thumb wide; each later tap centres the window again, so the next step
// (a neighbour) is always in view. opts.whole names the button back
// ("⤢ Whole ocean"). st.zoom ({x, y, k}) survives re-renders; the caller
// clears it (st.zoom = null) when the player's turn is over.
export function zoomFirst(svg, st, redo, opts = {}) {
  useAids();
  const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (box.length !== 4 || box.some((n) => !Number.isFinite(n))) return svg;
  const [bx, by, bw, bh] = box;
  if (st.zoom) {
    const w = bw / st.zoom.k, hh = bh / st.zoom.k;
    const x = Math.max(bx, Math.min(bx + bw - w, st.zoom.x - w / 2));
    const y = Math.max(by, Math.min(by + bh - hh, st.zoom.y - hh / 2));
    svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${hh.toFixed(1)}`);
  }
  svg.dataset.zoom = st.zoom ? "in" : "first";
  // Capture: runs before the drawing's own handler, which still picks.
  svg.addEventListener("click", (e) => {
    const ctm = svg.getScreenCTM();
    if (!ctm) return;
    let k = st.zoom?.k || 1;
    if (!st.zoom) {
      // How small is the smallest target now? Only a small one zooms.
      let least = Infinity;
      for (const el of svg.querySelectorAll(opts.hits || "[data-hit]")) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.height > 0) least = Math.min(least, r.width, r.height);
      }
      if (least >= THUMB) return;
      k = Math.max(1.25, (THUMB + 2) / least);
    }
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    st.zoom = { x: p.x, y: p.y, k };
    setTimeout(redo, 0);
  }, true);
  return h("div", { class: "zoomwrap", "data-zoomed": String(!!st.zoom) },
    svg,
    st.zoom
      ? h("button", { class: "zoom-out", id: "zoom-out", type: "button", onclick: () => { st.zoom = null; redo(); } }, opts.whole || "⤢ Whole board")
      : h("p", { class: "zoom-hint small" }, opts.hint || "Small on this screen: your first tap also zooms in where you tap."));
}

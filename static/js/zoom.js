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

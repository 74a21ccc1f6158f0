// Real-time surfacing: each crew member secures one section of the
// submarine on their own phone by tracing its outline with a finger,
// staying inside the white channel (the rulebook's "outline and initial a
// section"). Four sections, each by a different role; then the enemy
// Engineer inspects and the Captain dives.

import { h, s, roleTitles } from "./ui.js";

// The four sections' outlines, in a 300 x 180 box, traced from the first
// point round and back to it.
const SHAPES = [
  [[40, 90], [95, 40], [260, 40], [260, 140], [95, 140]], // bow
  [[40, 70], [110, 70], [110, 25], [190, 25], [190, 70], [260, 70], [260, 150], [40, 150]], // tower
  [[40, 50], [130, 50], [150, 28], [170, 50], [260, 50], [260, 145], [40, 145]], // hull
  [[40, 45], [200, 45], [240, 75], [270, 50], [270, 130], [240, 105], [200, 135], [40, 135]], // stern
];
const NAMES = ["bow", "tower", "hull", "stern"];
const TOLERANCE = 18; // how far from the line a finger may stray, SVG units
const SPACING = 6;

// samples spreads points every SPACING units along a closed outline.
export function samples(shape) {
  const pts = [];
  const loop = [...shape, shape[0]];
  for (let i = 0; i < loop.length - 1; i++) {
    const [x0, y0] = loop[i];
    const [x1, y1] = loop[i + 1];
    const n = Math.max(1, Math.round(Math.hypot(x1 - x0, y1 - y0) / SPACING));
    for (let k = 0; k < n; k++) pts.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  pts.push([...shape[0]]);
  return pts;
}

// A small submarine with its four sections, to pick one.
function subPicker(sections, onPick, canPick) {
  const svg = s("svg", { class: "subsvg", viewBox: "0 0 340 110", role: "group", "aria-label": "submarine sections" });
  svg.append(s("rect", { class: "hull", x: 150, y: 8, width: 50, height: 30, rx: 8 }));
  for (let i = 0; i < 4; i++) {
    const by = sections[i];
    const x = 10 + i * 80;
    const rx = i === 0 || i === 3 ? 30 : 4;
    svg.append(s("rect", {
      class: "section" + (by ? " done" : ""), x, y: 34, width: 80, height: 66, rx,
      "data-section": i + 1, role: "button",
      "aria-label": by ? `section ${i + 1} secured by the ${roleTitles[by]}` : `secure section ${i + 1}`,
      onclick: () => { if (!by && canPick) onPick(i + 1); },
    }));
    svg.append(s("text", { class: "secnum", x: x + 40, y: 60 }, String(i + 1)));
    svg.append(s("text", { class: "secnum", x: x + 40, y: 84, "font-size": 12 }, by ? `✓ ${roleTitles[by].split(" ").map((w) => w[0]).join("")}` : NAMES[i]));
  }
  return svg;
}

// tracer is the tracing task for one section; done() is called once the
// outline has been followed all the way round.
function tracer(app, section, onDone, onMessage) {
  const shape = SHAPES[section - 1];
  const pts = samples(shape);
  const d = shape.map((p, i) => `${i ? "L" : "M"}${p[0]},${p[1]}`).join(" ") + " Z";
  const svg = s("svg", {
    class: "subsvg", viewBox: "0 0 300 180", role: "application",
    "aria-label": `trace the outline of section ${section} with your finger`,
    "data-points": JSON.stringify(pts.map((p) => [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10])),
    "data-section": section,
  });
  svg.append(s("path", { class: "channel", d }));
  svg.append(s("path", { class: "guide", d }));
  const done = s("polyline", { class: "done-line", points: "" });
  svg.append(done);
  svg.append(s("circle", { class: "startdot", cx: shape[0][0], cy: shape[0][1], r: 11 }));
  const finger = s("circle", { class: "finger hidden", r: 10 });
  svg.append(finger);

  let next = 0;
  let tracing = false;
  const toSVG = (e) => {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = svg.createSVGPoint();
    p.x = e.clientX;
    p.y = e.clientY;
    return p.matrixTransform(m.inverse());
  };
  const dist = (p, q) => Math.hypot(p.x - q[0], p.y - q[1]);
  const draw = () => done.setAttribute("points", pts.slice(0, next).map((p) => p.join(",")).join(" "));
  const fail = (msg) => {
    const was = tracing;
    tracing = false;
    next = 0;
    draw();
    finger.classList.add("hidden");
    onMessage(msg);
    if (was) app.endGesture(); // may redraw the card: the message is kept first
  };

  svg.addEventListener("pointerdown", (e) => {
    const p = toSVG(e);
    if (!p) return;
    e.preventDefault();
    if (dist(p, pts[0]) > TOLERANCE * 1.5) {
      onMessage("Start on the yellow dot.");
      return;
    }
    svg.setPointerCapture?.(e.pointerId);
    tracing = true;
    app.gesture += 1;
    next = 1;
    onMessage("");
    draw();
  });
  svg.addEventListener("pointermove", (e) => {
    if (!tracing) return;
    const p = toSVG(e);
    if (!p) return;
    finger.setAttribute("cx", p.x);
    finger.setAttribute("cy", p.y);
    finger.classList.remove("hidden");
    // Follow the finger forward along the outline; skipping a few samples
    // is fine (fast fingers), leaving the channel is not.
    let best = -1;
    for (let j = next; j < Math.min(pts.length, next + 10); j++) {
      if (dist(p, pts[j]) <= TOLERANCE) best = j;
    }
    if (best >= 0) {
      next = best + 1;
      draw();
    } else {
      let near = Infinity;
      for (let j = Math.max(0, next - 10); j < Math.min(pts.length, next + 10); j++) near = Math.min(near, dist(p, pts[j]));
      if (near > TOLERANCE * 1.6) {
        fail("Outside the line! Start again from the yellow dot.");
        return;
      }
    }
    if (next >= pts.length) {
      tracing = false;
      app.endGesture();
      finger.classList.add("hidden");
      onDone();
    }
  });
  const lift = () => {
    if (tracing) fail("Keep your finger down all the way round. Start again from the yellow dot.");
  };
  svg.addEventListener("pointerup", lift);
  svg.addEventListener("pointercancel", lift);
  return svg;
}

export function surfacingCard(app) {
  const v = app.view;
  const own = v?.own;
  if (!own?.surfacing || v.public.mode !== "realtime" || v.public.outcome) return null;
  const sf = own.surfacing;
  const st = (app.surfaceUI ||= { section: null, role: null, message: "" });
  const sections = sf.sections;
  const usedRoles = new Set(sections.filter(Boolean));
  const myRoles = v.roles.filter((r) => !usedRoles.has(r));
  const secured = sections.filter(Boolean).length;
  const parts = [h("h2", {}, `Surfaced in sector ${sf.sector}`)];
  const status = h("p", { id: "secured", "data-secured": secured }, `Sections secured: ${secured} of 4. Each section needs a different role.`);
  parts.push(status);
  if (sf.inspected) {
    parts.push(h("div", { class: "notice good" }, "Inspection passed: the Captain orders the dive."));
    if (app.has("captain")) {
      parts.push(app.group("dive", {}, h("button", { class: "primary block", id: "dive-now", onclick: () => app.act("dive", { type: "dive" }) }, "DIVE")));
    }
  } else if (secured === 4) {
    parts.push(h("div", { class: "notice" }, "All four sections secured: waiting for the enemy Engineer's inspection."));
  } else if (!myRoles.length) {
    parts.push(h("div", { class: "notice" }, "You have secured your section. Waiting for your crewmates."));
  } else {
    if (!st.role || !myRoles.includes(st.role)) st.role = myRoles[0];
    if (st.section && sections[st.section - 1]) st.section = null;
    if (myRoles.length > 1) {
      parts.push(h("div", { class: "row" }, h("span", {}, "Securing as:"),
        ...myRoles.map((r) => h("button", {
          class: st.role === r ? "selected" : "", "data-secure-role": r,
          onclick: () => { st.role = r; app.render(); },
        }, roleTitles[r]))));
    }
    if (!st.section) {
      parts.push(h("p", {}, `${roleTitles[st.role]}: tap a free section to secure it.`));
      parts.push(subPicker(sections, (n) => { st.section = n; st.message = ""; app.render(); }, true));
    } else {
      const msg = h("p", { class: "small", id: "trace-msg", role: "status" }, st.message);
      parts.push(h("p", {}, `${roleTitles[st.role]}: trace the outline of section ${st.section} (${NAMES[st.section - 1]}) from the yellow dot, all the way round, inside the white line.`));
      parts.push(h("div", { class: "trace" }, tracer(app, st.section,
        () => {
          const section = st.section;
          st.section = null;
          st.message = "";
          app.act("secure", { type: "secure", section, role: st.role });
        },
        (text) => { st.message = text; msg.textContent = text; })));
      parts.push(msg);
      parts.push(h("button", { onclick: () => { st.section = null; app.render(); } }, "Pick another section"));
    }
    if (app.refusals.secure) parts.push(app.group("secure", {}));
  }
  if (sf.inspected || secured === 4 || !myRoles.length) parts.push(subPicker(sections, () => {}, false));
  return h("div", { class: "card alert", id: "surface-card" }, parts);
}

// Real-time surfacing: each crew member secures one section of the
// submarine on their own phone by tracing its outline with a finger,
// staying inside the white channel (the rulebook's "outline and initial a
// section"). The Engineer starts (unless the table chose any order), four
// sections, each by a different role; at a table that passes the sheet
// (surface_order "sheet") only the phone of the role holding it traces, in
// SHEET_ORDER. The line the finger drew goes to the enemy Engineer, who
// judges it: a rejected section is traced again by its tracer. Then the
// Captain dives.

import { h, s, roleTitles } from "../ui.js";

// The four sections' outlines, in a 300 x 180 box, traced from the first
// point round and back to it.
const SHAPES = [
  [[40, 90], [95, 40], [260, 40], [260, 140], [95, 140]], // bow
  [[40, 70], [110, 70], [110, 25], [190, 25], [190, 70], [260, 70], [260, 150], [40, 150]], // tower
  [[40, 50], [130, 50], [150, 28], [170, 50], [260, 50], [260, 145], [40, 145]], // hull
  [[40, 45], [200, 45], [240, 75], [270, 50], [270, 130], [240, 105], [200, 135], [40, 135]], // stern
];
export const NAMES = ["bow", "tower", "hull", "stern"];
// The order the sheet passes in (sonar.SheetOrder): the view names the
// holder; this only says who is next.
const SHEET_ORDER = ["engineer", "first_mate", "captain", "radio_operator"];
const MAX_POINTS = 300; // the engine's limit for one trace
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

function outline(shape) {
  return shape.map((p, i) => `${i ? "L" : "M"}${p[0]},${p[1]}`).join(" ") + " Z";
}

// thin keeps a finger's path within the engine's limits: whole numbers in
// the 300 x 180 box, at most MAX_POINTS points, first and last kept.
export function thin(path) {
  const clamp = ([x, y]) => [Math.max(0, Math.min(300, Math.round(x))), Math.max(0, Math.min(180, Math.round(y)))];
  if (path.length <= MAX_POINTS) return path.map(clamp);
  const step = (path.length - 1) / (MAX_POINTS - 1);
  const out = [];
  for (let i = 0; i < MAX_POINTS; i++) out.push(clamp(path[Math.round(i * step)]));
  return out;
}

// judgeSVG draws a traced section as the enemy Engineer judges it: the
// white outline's channel and the line the tracer's finger drew.
export function judgeSVG(section, trace) {
  const shape = SHAPES[section - 1];
  const svg = s("svg", {
    class: "subsvg judge", viewBox: "0 0 300 180", role: "img", "data-judge": section,
    "aria-label": `section ${section} (${NAMES[section - 1]}) as traced`,
  });
  svg.append(s("path", { class: "channel", d: outline(shape) }));
  svg.append(s("path", { class: "guide", d: outline(shape) }));
  if (trace?.length) svg.append(s("polyline", { class: "drawn", points: trace.map((p) => p.join(",")).join(" ") }));
  return svg;
}

// A small submarine with its four sections, to pick one. redo marks the
// sections the enemy Engineer rejected. A tap on a section that is not
// free (a crewmate may have taken it a moment before) goes to onTaken.
function subPicker(sections, onPick, canPick, redo = [], onTaken = null) {
  const svg = s("svg", { class: "subsvg", viewBox: "0 0 340 110", role: "group", "aria-label": "submarine sections" });
  svg.append(s("rect", { class: "hull", x: 150, y: 8, width: 50, height: 30, rx: 8 }));
  for (let i = 0; i < 4; i++) {
    const by = sections[i];
    const again = redo[i];
    const x = 10 + i * 80;
    const rx = i === 0 || i === 3 ? 30 : 4;
    const free = !by && !again;
    svg.append(s("rect", {
      class: "section" + (by ? " done" : "") + (again ? " redo" : ""), x, y: 34, width: 80, height: 66, rx,
      "data-section": i + 1, role: "button",
      "aria-label": by ? `section ${i + 1} secured by the ${roleTitles[by]}`
        : again ? `section ${i + 1} rejected: the ${roleTitles[again]} traces it again` : `secure section ${i + 1}`,
      onclick: () => {
        if (!canPick) return;
        if (free) onPick(i + 1);
        else onTaken?.(i + 1);
      },
    }));
    svg.append(s("text", { class: "secnum", x: x + 40, y: 60 }, String(i + 1)));
    const initials = (r) => roleTitles[r].split(" ").map((w) => w[0]).join("");
    svg.append(s("text", { class: "secnum", x: x + 40, y: 84, "font-size": 12 },
      by ? `✓ ${initials(by)}` : again ? `✗ redo ${initials(again)}` : NAMES[i]));
  }
  return svg;
}

// tracer is the tracing task for one section; done() is called once the
// outline has been followed all the way round.
function tracer(app, section, onDone, onMessage) {
  const shape = SHAPES[section - 1];
  const pts = samples(shape);
  const d = outline(shape);
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
  let path = []; // where the finger really went: what the enemy judges
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
    path = [[p.x, p.y]];
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
    const last = path[path.length - 1];
    if (Math.hypot(p.x - last[0], p.y - last[1]) >= 3) path.push([p.x, p.y]);
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
      path.push([p.x, p.y]);
      onDone(section, thin(path));
    }
  });
  const lift = () => {
    if (tracing) fail("Keep your finger down all the way round. Start again from the yellow dot.");
  };
  svg.addEventListener("pointerup", lift);
  svg.addEventListener("pointercancel", lift);
  return svg;
}

// takenWords says why section n is not this role's to trace: who secured
// it (and whether that crewmate did it just now, under this phone's
// finger), or who retraces it after a rejection.
export function takenWords(v, sf, n, just) {
  const by = sf.sections[n - 1];
  const again = (sf.redo || [])[n - 1];
  const name = `Section ${n} (${NAMES[n - 1]})`;
  const pick = ": pick a free section.";
  if (by && v.roles.includes(by)) return `${name} is already secured: you secured it as the ${roleTitles[by]}${pick}`;
  if (by) return `${name} ${just ? "was just secured" : "is already secured"} by the ${roleTitles[by] || by}${just ? ", a moment before you" : ""}${pick}`;
  if (again) return `${name} was rejected by the enemy Engineer: the ${roleTitles[again] || again} traces it again${pick}`;
  return "";
}

// mayTrace lists the seat's roles that may trace now, each with the
// section it must retrace (or null for any free section).
export function mayTrace(v, sf) {
  const owes = (r) => sf.sections.some((x) => x === r) || (sf.redo || []).some((x) => x === r);
  const out = [];
  for (const r of v.roles) {
    const again = (sf.redo || []).findIndex((x) => x === r);
    if (again >= 0) out.push({ role: r, section: again + 1 });
    else if (owes(r)) continue;
    else if (sf.engineer_first && r !== "engineer") continue;
    else if (sf.holder && r !== sf.holder) continue;
    else out.push({ role: r, section: null });
  }
  return out;
}

// surfaceStep is the one instruction a surfaced crew's phone shows, for
// the role it secures as (ui.role, the card's "Securing as" choice): the
// surfacing card says it beside its controls and the duty banner says the
// same words, so the phone never tells two things at once. quiet: a wait,
// which does not buzz. null when the crew is not surfaced.
export function surfaceStep(v, ui = {}) {
  const own = v?.own;
  const sf = own?.surfacing;
  if (!sf || v.public?.outcome) return null;
  const has = (r) => (v.roles || []).includes(r);
  if (v.public.mode !== "realtime") {
    return { id: "surfaced-wait", quiet: true, text: `Surfaced in sector ${sf.sector}: the enemy takes three turns, then you dive by yourself.` };
  }
  if (sf.inspected) {
    return has("captain") ? { id: "dive-step", text: "Inspection passed: tap DIVE." }
      : { id: "dive-step", quiet: true, text: "Inspection passed: wait for your Captain's DIVE." };
  }
  const sections = sf.sections || [];
  if (sections.filter(Boolean).length === 4) {
    return { id: "inspecting", quiet: true, text: "All four sections secured: wait while the enemy Engineer inspects your lines." };
  }
  const can = mayTrace(v, sf);
  if (!can.length) {
    const owed = (v.roles || []).some((r) => sections.includes(r));
    const text = owed ? "Your section is secured. " + (sheetWith(sf) || "Wait for your crewmates.")
      : sf.holder ? `${sheetWith(sf)} It passes one role at a time: wait for it.`
        : "The Engineer traces the first section, then passes the sheet on to you: wait for it.";
    return { id: "trace-wait", quiet: true, text };
  }
  const role = can.some((c) => c.role === ui.role) ? ui.role : can[0].role;
  const mine = can.find((c) => c.role === role);
  if (mine.section) {
    return { id: "trace-turn", role, text: `${roleTitles[role]}: the enemy Engineer rejected your section ${mine.section} (${NAMES[mine.section - 1]}): trace it again, inside the white line.` };
  }
  const holding = sf.holder ? ` You hold the sheet; then it goes to ${nextHolder(role)}.` : "";
  return { id: "trace-turn", role, text: `${roleTitles[role]}: tap a free section, then trace its outline with your finger.${holding}` };
}

// stepLine is the card's line of the instruction (extra: what follows it).
function stepLine(step, cls, ...extra) {
  return h("div", { class: cls, id: step.id, "data-step": step.id, role: "status" }, h("span", { class: "step-text" }, step.text), ...extra);
}

// sheetWith says who holds a sheet passed hand to hand ("" at other tables).
function sheetWith(sf) {
  return sf.holder ? `The sheet is with the ${roleTitles[sf.holder]}.` : "";
}

// nextHolder names who gets the sheet after role r traces.
function nextHolder(r) {
  const next = SHEET_ORDER[SHEET_ORDER.indexOf(r) + 1];
  return next ? `the ${roleTitles[next]}` : "the enemy Engineer";
}

// countdown shows the time left until iso, ticking each second: a
// player reads "in 42 s", not a clock time.
export function countdown(iso) {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const el = h("span", { class: "countdown", "data-deadline": iso }, timeLeft(at));
  tick();
  return el;
}

function timeLeft(at) {
  const s = Math.max(0, Math.ceil((at - Date.now()) / 1000));
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s` : `${s} s`;
}

let ticking = null;

function tick() {
  if (ticking) return;
  ticking = setInterval(() => {
    const els = document.querySelectorAll("[data-deadline]");
    if (!els.length) {
      clearInterval(ticking);
      ticking = null;
      return;
    }
    for (const e of els) e.textContent = timeLeft(Date.parse(e.dataset.deadline));
  }, 1000);
}

export function surfacingCard(app) {
  const v = app.view;
  const own = v?.own;
  if (!own?.surfacing || v.public.mode !== "realtime" || v.public.outcome) return null;
  const sf = own.surfacing;
  const st = (app.surfaceUI ||= { section: null, role: null, message: "" });
  const sections = sf.sections;
  const redo = sf.redo || [];
  const can = mayTrace(v, sf);
  const secured = sections.filter(Boolean).length;
  const parts = [h("h2", {}, `Surfaced in sector ${sf.sector}`)];
  const order = v.rules?.surface_order === "sheet"
    ? "; one role holds the sheet at a time: Engineer, First Mate, Captain, Radio Operator."
    : sf.engineer_first ? "; the Engineer traces first and passes the sheet on." : ".";
  parts.push(h("p", { id: "secured", "data-secured": secured, "data-holder": sf.holder || "" },
    `Sections secured: ${secured} of 4. Each section needs a different role${order}`));
  if (sf.inspected) {
    parts.push(stepLine(surfaceStep(v, st), "notice good"));
    if (app.has("captain")) {
      parts.push(app.group("dive", {}, h("button", { class: "primary block", id: "dive-now", onclick: () => app.act("dive", { type: "dive" }) }, "DIVE")));
    }
  } else if (secured === 4) {
    parts.push(stepLine(surfaceStep(v, st), "notice",
      sf.inspect_by && countdown(sf.inspect_by) ? [" If they say nothing, the sheet passes by itself in ", countdown(sf.inspect_by), "."] : ""));
  } else if (!can.length) {
    parts.push(stepLine(surfaceStep(v, st), "notice"));
  } else {
    const roles = can.map((c) => c.role);
    if (!st.role || !roles.includes(st.role)) st.role = roles[0];
    const mine = can.find((c) => c.role === st.role);
    if (mine.section) st.section = mine.section;
    else if (st.section && (sections[st.section - 1] || redo[st.section - 1])) {
      // A crewmate took it a moment before this phone's stroke: say so.
      st.taken = takenWords(v, sf, st.section, true);
      st.section = null;
    }
    if (redo.some(Boolean)) {
      const which = redo.map((r, i) => (r ? `section ${i + 1} (${roleTitles[r]})` : null)).filter(Boolean).join(", ");
      parts.push(h("div", { class: "notice warn", id: "rejected" }, `The enemy Engineer rejected ${which}: its tracer draws it again.`));
    }
    if (roles.length > 1) {
      parts.push(h("div", { class: "row" }, h("span", {}, "Securing as:"),
        ...roles.map((r) => h("button", {
          class: st.role === r ? "selected" : "", "data-secure-role": r,
          onclick: () => { st.role = r; st.section = null; app.render(); },
        }, roleTitles[r]))));
    }
    if (!st.section) {
      if (st.taken) parts.push(h("div", { class: "notice warn", id: "trace-taken", role: "status" }, st.taken));
      parts.push(stepLine(surfaceStep(v, st), ""));
      parts.push(subPicker(sections, (n) => { st.section = n; st.message = ""; st.taken = ""; app.render(); }, true, redo,
        (n) => { st.taken = takenWords(app.view, app.view.own.surfacing, n, false); app.render(); }));
    } else {
      const msg = h("p", { class: "small", id: "trace-msg", role: "status" }, st.message);
      parts.push(h("p", {}, `${roleTitles[st.role]}: trace the outline of section ${st.section} (${NAMES[st.section - 1]}) from the yellow dot, all the way round, inside the white line. The enemy Engineer will see your line.` +
        (sf.holder && !mine.section ? ` Then the sheet goes to ${nextHolder(st.role)}.` : "")));
      parts.push(h("div", { class: "trace" }, tracer(app, st.section,
        (section, trace) => {
          st.section = null;
          st.message = "";
          // The view may have brought a crewmate's section while the
          // finger went round (the card waits for the finger): no send.
          const now = app.view?.own?.surfacing;
          if (now && !(mayTrace(app.view, now).find((c) => c.role === st.role)?.section === section) &&
            (now.sections[section - 1] || (now.redo || [])[section - 1])) {
            st.taken = takenWords(app.view, now, section, true);
            app.render();
            return;
          }
          // Or the crewmate's stroke reached the server first, its view
          // not here yet: the refusal names who, said as the same notice.
          app.act("secure", { type: "secure", section, role: st.role, trace }, (err) => {
            if ((err.rule || err.code) !== "section_secured") return false;
            const by = /secured by the (.+)$/.exec(err.message)?.[1];
            st.taken = by ? `Section ${section} (${NAMES[section - 1]}) was just secured by the ${by}, a moment before you: pick a free section.`
              : `${err.message[0].toUpperCase()}${err.message.slice(1)}: pick a free section.`;
            return true;
          });
        },
        (text) => { st.message = text; msg.textContent = text; })));
      parts.push(msg);
      if (!mine.section) parts.push(h("button", { onclick: () => { st.section = null; app.render(); } }, "Pick another section"));
    }
    if (app.refusals.secure) parts.push(app.group("secure", {}));
  }
  if (sf.inspected || secured === 4 || !can.length) parts.push(subPicker(sections, () => {}, false, redo));
  return h("div", { class: "card alert", id: "surface-card" }, parts);
}

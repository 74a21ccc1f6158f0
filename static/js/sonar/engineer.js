// The Engineer's panel: the four control panels with their six symbols and
// the three circuits drawn as on the sheet. After each course only the
// symbols of that heading's panel are active; a mark that would cost
// damage asks first. It also shows which systems are down, and the
// inspection of a surfaced enemy's sheet (real time).

import { h, s, replace, roleTitles } from "../ui.js";
import { judgeSVG, NAMES, countdown } from "./surface.js";
import { glyph, colourInfo, icon } from "./symbols.js";
import { brokenSystems, systemInfo } from "./firstmate.js";

const PANELS = ["WEST", "NORTH", "SOUTH", "EAST"];
const ARROW = { WEST: "←", NORTH: "↑", SOUTH: "↓", EAST: "→" };
const CIRCUIT_LETTER = { yellow: "Y", orange: "O", grey: "G" };

// Layout in SVG units: panels in two rows of two, in sheet order.
const ORIGIN = { WEST: [2, 4], NORTH: [192, 4], SOUTH: [2, 188], EAST: [192, 188] };
const BOX = 50;
const STEP = 54;
const PANEL_W = 166;
const PANEL_H = 152;

function boxAt(panel, index) {
  const [px, py] = ORIGIN[panel];
  const col = index % 3;
  const row = index < 3 ? 0 : 1;
  return { x: px + 6 + col * STEP, y: py + 30 + row * 66, cx: px + 31 + col * STEP, cy: py + 55 + row * 66 };
}

// The circuit lines, routed around the panels as on the printed sheet.
const WIRES = {
  yellow: "M33,84 V92 M87,84 V92 M141,84 V92 M33,92 H174 V170 H331 V218",
  orange: "M223,84 V92 M277,84 V92 M331,84 V92 M331,92 H186 V243 H198",
  grey: "M33,268 V276 M87,268 V276 M141,268 V276 M33,276 H277 V268",
};

// onIdle(sym), when given, answers a tap on a symbol that cannot be
// crossed out now, so the page can say why nothing happens.
export function sheetSVG(own, onPick, pending, onIdle) {
  const active = own.duties.engineer ? own.duties.panel : null;
  const svg = s("svg", { class: "sheet", viewBox: "0 0 360 344", role: "group", "aria-label": "Engineer sheet" });
  for (const p of PANELS) {
    const [px, py] = ORIGIN[p];
    svg.append(s("rect", {
      class: "panelbox" + (active === p ? " active" : " idle"), x: px, y: py, width: PANEL_W, height: PANEL_H, rx: 12,
      "data-panelbox": p,
    }));
    svg.append(s("text", { class: "panelname" + (active === p ? "" : " idle"), x: px + 10, y: py + 20 }, `${ARROW[p]} ${p}`,
      active && active !== p ? s("tspan", { class: "closedtag" }, " · closed") : null));
  }
  // Wires under the symbols; a dark casing makes crossings read as bridges.
  for (const [c, d] of Object.entries(WIRES)) {
    svg.append(s("path", { d, fill: "none", stroke: "#08111c", "stroke-width": 8 }));
    svg.append(s("path", { class: "circ " + c, d, "data-circuit": c }));
  }
  for (const sym of own.sheet) {
    const b = boxAt(sym.panel, sym.index);
    const can = active === sym.panel && !sym.marked;
    const label = `${sym.panel} ${sym.index + 1}: ${colourInfo[sym.colour].name}` +
      (sym.circuit ? `, ${sym.circuit} circuit` : "") + (sym.marked ? ", crossed out" : "");
    const g = s("g", {
      class: "sym" + (can ? " active" : " idle") + (sym.marked ? " marked" : "") +
        (pending && pending.panel === sym.panel && pending.index === sym.index ? " pending" : ""),
      "data-panel": sym.panel, "data-index": sym.index, "data-colour": sym.colour,
      "data-marked": String(sym.marked),
      role: "button", "aria-label": label, "aria-disabled": String(!can),
      tabindex: can ? 0 : -1,
      onclick: () => { if (can) onPick(sym); else onIdle?.(sym); },
      onkeydown: (e) => { if (can && (e.key === "Enter" || e.key === " ")) onPick(sym); },
    }, s("rect", { class: "bg", x: b.x, y: b.y, width: BOX, height: BOX, rx: 9 }),
    glyph(sym.colour, b.cx, b.cy + 1, 15));
    if (sym.circuit) {
      g.append(s("text", { class: "ctag " + sym.circuit, x: b.x + BOX - 7, y: b.y + 8 }, CIRCUIT_LETTER[sym.circuit]));
    }
    if (sym.marked) {
      g.append(s("path", { class: "cross", d: `M${b.x + 8},${b.y + 8} L${b.x + BOX - 8},${b.y + BOX - 8} M${b.x + BOX - 8},${b.y + 8} L${b.x + 8},${b.y + BOX - 8}` }));
    }
    svg.append(g);
  }
  return svg;
}

function legend() {
  const line = (c) => s("svg", { viewBox: "0 0 24 12", role: "img", "aria-label": `${c} circuit line` },
    s("path", { class: "circ " + c, d: "M1,6 H23", style: "stroke-width:3" }));
  return h("div", { class: "legend" },
    ...["red", "green", "yellow", "radiation"].map((c) => h("span", {}, icon(c),
      c === "radiation" ? "reactor" : `${colourInfo[c].letter} ${colourInfo[c].name}: ${colourInfo[c].systems.join(", ")}`)),
    ...["yellow", "orange", "grey"].map((c) => h("span", { class: "sheet" }, line(c), `${CIRCUIT_LETTER[c]} ${c} circuit`)));
}

// inspectCard is the enemy Engineer's judgement of a surfaced crew's sheet:
// each section as its tracer drew it, over the white outline. A line that
// leaves the outline is rejected section by section; the table limits the
// rejections and the time, so an inspection never stalls the match.
export function inspectCard(v, app) {
  const enemy = v.public.crews.find((c) => c.crew !== v.crew);
  const ins = v.own.inspect;
  const left = ins.rejections_left;
  const when = countdown(ins.by);
  return app.group("inspect", { class: "card alert", id: "inspect" },
    h("h3", {}, `Inspect the ${enemy.crew.toUpperCase()} sheet`),
    h("p", {}, `${enemy.crew.toUpperCase()} surfaced in sector ${enemy.sector} and traced its four sections. Did every line stay inside the white outline?`),
    h("p", { class: "small muted" }, left > 0
      ? `You may reject ${left} more section${left === 1 ? "" : "s"}: its tracer draws it again.`
      : "No rejection left: pass the sheet.",
    when ? [" Without your verdict the sheet passes by itself in ", when, "."] : ""),
    h("div", { class: "judging" }, ins.sections.map((sec) => h("figure", { class: "judged", "data-judge-section": sec.section },
      judgeSVG(sec.section, sec.trace),
      h("figcaption", {}, `Section ${sec.section} (${NAMES[sec.section - 1]}), traced by the ${roleTitles[sec.role] || sec.role}`),
      left > 0 ? h("button", {
        class: "danger", "data-reject": sec.section,
        onclick: () => app.act("inspect", { type: "inspect", ok: false, section: sec.section }),
      }, `✗ Line outside: section ${sec.section}`) : null))),
    h("div", { class: "confirm" },
      h("button", { class: "good", "data-inspect": "ok", onclick: () => app.act("inspect", { type: "inspect", ok: true }) }, "✓ Every line inside: they may dive")));
}

// idleReason says why a tap on a symbol does nothing now.
function idleReason(v, sym) {
  const own = v.own;
  if (sym.marked) return `${sym.panel} ${sym.index + 1} is already crossed out: it is a breakdown until repaired.`;
  if (!v.public.playing) return "Nothing to cross out yet: the match has not begun (both Captains first choose a start).";
  if (!own.duties.engineer) return "Nothing to cross out now: wait for your Captain's next heading. Then only that heading's panel opens.";
  return `Not this panel: the Captain headed ${own.duties.panel}, so cross out a symbol in the ${own.duties.panel} panel.`;
}

export function engineerPanel(el, app) {
  const st = { confirm: null };

  // pick warns before a mark that costs damage: the server says, per
  // symbol, what crossing it out would overload under this room's rules.
  function pick(sym) {
    const now = app.view.own.sheet.find((x) => x.panel === sym.panel && x.index === sym.index);
    if (now?.damage) {
      st.confirm = { sym, why: now.damage };
      app.render();
      return;
    }
    mark(sym);
  }

  function mark(sym) {
    st.confirm = null;
    app.act("mark", { type: "mark", panel: sym.panel, symbol: sym.index });
  }

  return function render() {
    const v = app.view;
    if (!v?.own) return;
    const own = v.own;
    if (!own.duties.engineer) st.confirm = null;
    const parts = [];
    if (own.inspect) parts.push(inspectCard(v, app));
    if (own.duties.engineer) {
      parts.push(h("div", { class: "notice warn", id: "eng-duty" }, `HEAD ${own.duties.panel}: cross out one symbol in the ${own.duties.panel} panel.`));
    } else if (v.public.playing) {
      // Before any heading there is no OK to speak of yet.
      parts.push(h("div", { class: "notice good", id: "eng-duty" }, own.surfacing
        ? v.public.mode === "realtime"
          ? "Surfaced: no symbol to cross out until the dive. The breakdowns are erased once the inspection passes."
          : "Surfaced: the sheet is wiped clean; no symbol to cross out until the dive."
        : (own.route || []).length > 1 ? "OK given. Wait for the next course." : "Nothing to do yet: wait for your Captain's heading."));
    }
    if (st.confirm) {
      const c = st.confirm;
      const what = `${c.sym.panel} ${colourInfo[c.sym.colour].name} symbol`;
      parts.push(h("div", { class: "card alert", id: "damage-warning" },
        h("p", {}, h("strong", {}, "⚠ DAMAGE: "),
          `crossing out this ${what} overloads ${c.why} and costs 1 damage. Every breakdown is then erased.`),
        h("div", { class: "confirm" },
          h("button", { class: "danger", id: "mark-anyway", onclick: () => mark(c.sym) }, "Cross it out"),
          h("button", { onclick: () => { st.confirm = null; app.render(); } }, "Choose another"))));
    }
    parts.push(app.group("mark", {}, sheetSVG(own, pick, st.confirm?.sym, (sym) => app.explain("mark", idleReason(v, sym)))));
    const down = brokenSystems(own.broken).filter((x) => own.gauges.some((g) => g.system === x));
    parts.push(h("div", { class: "card" },
      h("h3", {}, "Systems down"),
      down.length
        ? h("p", { id: "down" }, h("strong", {}, down.map((x) => systemInfo[x]).join(", ")), " cannot be used until the breakdowns are repaired (a full circuit, surfacing, or damage).")
        : h("p", { class: "muted", id: "down" }, "Every system works.")));
    parts.push(legend());
    replace(el, parts);
  };
}

// The Engineer's panel: the four control panels with their six symbols and
// the three circuits drawn as on the sheet. After each course only the
// symbols of that heading's panel are active; a mark that would cost
// damage asks first. It also shows which systems are down, and the
// inspection of a surfaced enemy's sheet (real time).

import { h, s, replace, roleTitles } from "../ui.js";
import { judgeSVG, NAMES, countdown } from "./surface.js";
import { colourInfo, icon } from "./symbols.js";
import { brokenSystems, systemInfo } from "./firstmate.js";
import { sheetSVG, CIRCUIT_LETTER } from "./sheet.js";

export { sheetSVG };

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

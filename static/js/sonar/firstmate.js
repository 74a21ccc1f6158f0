// The First Mate's panel: the damage track, the gauges with one charge
// after each course (only gauges that may take it are active), READY
// states, which systems the Engineer's breakdowns block, and the drone
// and sonar the First Mate may launch.

import { h, replace, damageTrack } from "../ui.js";
import { icon, systemColour, colourInfo } from "./symbols.js";
import { droneChooser, short, crewmateFirst } from "./captain.js";
import { reason, briefs } from "./reasons.js";

export const systemInfo = {
  mine: "Mine",
  torpedo: "Torpedo",
  drone: "Drone",
  sonar: "Sonar",
  silence: "Silence",
  scenario: "Scenario",
};

// brokenSystems lists the systems a set of broken colours blocks.
export function brokenSystems(broken) {
  return (broken || []).flatMap((c) => colourInfo[c]?.systems || []);
}

export function firstMatePanel(el, app) {
  const st = { drone: false };

  function gaugeRow(v, g) {
    const own = v.own;
    const colour = systemColour[g.system];
    const down = (own.broken || []).includes(colour);
    const canCharge = own.duties.first_mate && g.marks < g.size;
    const cells = [];
    for (let i = 0; i < g.size; i++) cells.push(h("span", { class: "cell" + (i < g.marks ? " on" : "") }));
    let state;
    if (g.marks >= g.size && down) state = h("span", { class: "pill bad" }, `charged, but BROKEN DOWN (${colourInfo[colour].name})`);
    else if (g.ready) state = h("span", { class: "pill ok" }, "READY");
    else if (g.marks >= g.size) state = h("span", { class: "small" }, h("span", { class: "pill ok" }, "charged"), ` ${reason(briefs(own).gauge(g.system), v)}`);
    else state = h("span", { class: "muted" }, `${g.marks}/${g.size}` + (down ? " · broken down" : ""));
    return h("div", {
      class: `gauge c-${colour}${g.ready ? " ready" : ""}${down ? " down" : ""}`,
      "data-gauge": g.system, "data-marks": g.marks, "data-ready": String(g.ready),
    },
    h("div", { class: "name" }, icon(colour), systemInfo[g.system] || g.system),
    h("button", {
      class: canCharge ? "primary" : "",
      "data-charge": g.system,
      disabled: !canCharge || !!app.busy.charge,
      "aria-label": `charge ${g.system}`,
      onclick: () => app.act("charge", { type: "charge", system: g.system }),
    }, "+1"),
    h("div", { class: "cells", role: "img", "aria-label": `${g.marks} of ${g.size}` }, cells),
    h("div", { class: "state" }, state));
  }

  return function render() {
    const v = app.view;
    if (!v?.own) return;
    const own = v.own;
    const parts = [];
    parts.push(h("div", { class: "card crew row" },
      h("div", { class: "grow" }, h("strong", {}, "Damage"), h("div", { class: "muted small" }, "4 damage sinks the submarine")),
      damageTrack(own.damage, true)));
    if (own.duties.first_mate) {
      parts.push(h("div", { class: "notice warn", id: "fm-duty" }, "Course announced: charge ONE gauge (+1), then you have said OK."));
    } else if (v.public.playing) {
      // Before any heading there is no OK to speak of yet.
      parts.push(h("div", { class: "notice good", id: "fm-duty" }, own.surfacing
        ? "Surfaced: no charge until the dive."
        : (own.route || []).length > 1 ? "OK given. Wait for the next course." : "Nothing to do yet: wait for your Captain's heading."));
    }
    parts.push(app.group("charge", {}, h("h3", {}, "Gauges"), own.gauges.map((g) => gaugeRow(v, g))));
    const blocked = brokenSystems(own.broken).filter((sys) => own.gauges.some((g) => g.system === sys));
    parts.push(h("div", { class: "card" },
      h("h3", {}, "Breakdowns"),
      blocked.length
        ? h("p", { id: "blocked" }, "Blocked by the Engineer's breakdowns: ",
          h("strong", {}, blocked.map((x) => systemInfo[x]).join(", ")))
        : h("p", { class: "muted", id: "blocked" }, "No breakdown blocks a system.")));
    const drone = own.gauges.find((g) => g.system === "drone");
    const sonar = own.gauges.find((g) => g.system === "sonar");
    if (st.drone && drone?.ready) {
      parts.push(droneChooser(v, app, () => { st.drone = false; app.render(); }));
    } else {
      st.drone = false;
    }
    // A closed system stays tappable: the tap shows the engine's reason.
    const launch = (key, label, g, onclick) => h("button", {
      class: g?.ready ? "good grow" : "grow off", "data-system": key,
      "aria-disabled": g?.ready ? null : "true",
      onclick: g?.ready ? onclick : () => app.explain("systems", `${label}: ${reason(briefs(own).gauge(key), v) || "not on this map"}`),
    }, label, h("span", { class: "sub" }, g?.ready ? "READY" : short(reason(briefs(own).gauge(key), v))));
    parts.push(app.group("systems", { class: "row" },
      launch("drone", "Launch drone", drone, () => { st.drone = true; app.render(); }),
      launch("sonar", "Activate sonar", sonar, () => app.act("systems", { type: "sonar" }, crewmateFirst(app, "systems", "sonar")))));
    replace(el, parts);
  };
}

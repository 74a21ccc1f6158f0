// The end of a match: who won, and both submarines' voyages on one chart.

import { h } from "../ui.js";
import { chartSVG } from "../map.js";
import { whatNext, RESULT_ICONS } from "../next.js";

export function outcomeBanner(outcome, crew) {
  const w = outcome.winner;
  let text = "DRAW: both submarines sank";
  if (w) text = crew ? (w === crew ? `VICTORY! ${w.toUpperCase()} WINS` : `DEFEAT: ${w.toUpperCase()} WINS`) : `${w.toUpperCase()} WINS`;
  // Victory and defeat differ by shape too (next.js's marks), not only
  // by word and colour.
  const result = !w ? "draw" : !crew ? "over" : w === crew ? "victory" : "defeat";
  return h("div", { class: `outcome ${w || "draw"} end-${result}`, id: "outcome-banner", "data-winner": w || "draw", "data-result": result, role: "status" },
    h("span", { class: "end-icon", "aria-hidden": "true" }, RESULT_ICONS[result]), " ",
    text, h("div", { class: "small" }, outcome.reason || ""));
}

export function revealCard(v, crew) {
  const out = v.public.outcome;
  return h("div", {},
    outcomeBanner(out, crew),
    v.reveal ? h("div", { class: "card" },
      h("h3", {}, "Both voyages"),
      h("p", { class: "small muted" }, "Blue: solid line. Red: dashed line. ▼ marks each start."),
      chartSVG(v.chart, { label: "both voyages", reveal: v.reveal, archer: v.chart.archer })) : null,
    whatNext());
}

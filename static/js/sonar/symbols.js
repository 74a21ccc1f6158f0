// The symbol shapes of the Engineer and First Mate sheets. Each colour has
// its own shape and letter, so no one needs to tell colours apart:
// weapons ▲ W (red), detection ● D (green), special ◆ S (yellow),
// reactor ☢ (radiation).

import { s } from "../ui.js";

export const colourInfo = {
  red: { name: "weapons", letter: "W", systems: ["mine", "torpedo"] },
  green: { name: "detection", letter: "D", systems: ["drone", "sonar"] },
  yellow: { name: "special", letter: "S", systems: ["silence", "scenario"] },
  radiation: { name: "reactor", letter: "R", systems: [] },
};

export const systemColour = {
  mine: "red", torpedo: "red", drone: "green", sonar: "green", silence: "yellow", scenario: "yellow",
};

// glyph draws the symbol of a colour centred on (cx, cy) with radius r.
export function glyph(colour, cx, cy, r) {
  const cls = "glyph " + colour;
  const letter = (dy = 0) => s("text", { class: "letter", x: cx, y: cy + dy, "font-size": r * 0.8 }, colourInfo[colour].letter);
  switch (colour) {
    case "red":
      return s("g", {},
        s("path", { class: cls, d: `M${cx},${cy - r} L${cx + r * 1.05},${cy + r * 0.8} L${cx - r * 1.05},${cy + r * 0.8} Z` }),
        letter(r * 0.25));
    case "green":
      return s("g", {}, s("circle", { class: cls, cx, cy, r }), letter());
    case "yellow":
      return s("g", {},
        s("path", { class: cls, d: `M${cx},${cy - r * 1.1} L${cx + r * 1.1},${cy} L${cx},${cy + r * 1.1} L${cx - r * 1.1},${cy} Z` }),
        letter());
    default:
      return trefoil(cx, cy, r, cls);
  }
}

// trefoil is the radiation sign: three blades around a hub.
function trefoil(cx, cy, r, cls) {
  const g = s("g", {}, s("circle", { class: cls, cx, cy, r }));
  const inner = r * 0.28;
  const outer = r * 0.88;
  for (let k = 0; k < 3; k++) {
    const a0 = ((-90 + k * 120 - 30) * Math.PI) / 180;
    const a1 = ((-90 + k * 120 + 30) * Math.PI) / 180;
    const p = (a, rad) => `${(cx + rad * Math.cos(a)).toFixed(2)},${(cy + rad * Math.sin(a)).toFixed(2)}`;
    g.append(s("path", {
      fill: "#061018",
      d: `M${p(a0, inner)} L${p(a0, outer)} A${outer},${outer} 0 0 1 ${p(a1, outer)} L${p(a1, inner)} A${inner},${inner} 0 0 0 ${p(a0, inner)} Z`,
    }));
  }
  g.append(s("circle", { fill: "#061018", cx, cy, r: r * 0.16 }));
  return g;
}

// icon is a small standalone SVG of a colour's symbol, for lists.
export function icon(colour, label) {
  return s("svg", { class: "shape", viewBox: "0 0 24 24", role: "img", "aria-label": label || colourInfo[colour].name },
    glyph(colour, 12, 12.5, 10));
}

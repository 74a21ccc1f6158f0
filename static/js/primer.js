// The one-screen primer a player reads before the start: for a role (or a
// game), what you do, when, what your screen shows, and one picture drawn
// by the page's own drawing code. Any game page builds one with
// primerCard; Captain Sonar's texts are in sonar/help.js.

import { h } from "./ui.js";
import { useAids } from "./banner.js";

// primerCard is a card: {id, title, what, when, screen, picture, caption}.
// picture draws a node (an SVG or a piece of a panel); it is shown, not
// tapped, so it is inert. A picture that fails to draw is left out: a
// picture is a help, never a reason to fail.
export function primerCard(p) {
  useAids();
  const drawn = drawSafely(p.picture);
  const pic = drawn ? h("div", { class: "pic", inert: true, "aria-hidden": "true" }, strip(drawn)) : null;
  return h("section", { class: "card primer", "data-primer": p.id, "aria-label": `how to play: ${p.title}` },
    h("h3", {}, p.title),
    h("dl", {},
      h("dt", {}, "What you do"), h("dd", {}, p.what),
      h("dt", {}, "When"), h("dd", {}, p.when),
      h("dt", {}, "Your screen"), h("dd", {}, p.screen)),
    pic ? h("figure", {}, pic, p.caption ? h("figcaption", {}, p.caption) : null) : null);
}

function drawSafely(picture) {
  if (!picture) return null;
  try {
    return picture();
  } catch {
    return null;
  }
}

// strip takes the ids and data attributes off a picture drawn by a live
// panel's code, so nothing on the page (or in a test) mistakes it for the
// real control. The ids of an SVG's <defs> (its fill patterns) stay, so
// the picture keeps its textures.
function strip(node) {
  for (const el of [node, ...node.querySelectorAll("*")]) {
    if (!el.closest("defs")) el.removeAttribute("id");
    el.removeAttribute("role");
    el.removeAttribute("tabindex");
    for (const a of [...el.attributes]) if (a.name.startsWith("data-")) el.removeAttribute(a.name);
  }
  return node;
}

// House rules at this table: the decisions of ours that change play where
// the rulebook is silent or unclear, as the game's catalogue entry lists
// them (Definition.HouseRules, GET /api/games: the one source
// docs/rules-decisions.md prints too), those the room's options put in
// force. A pocket page's rules card shows them in its section "House rules
// at this table" (withHouseRules).

import { h } from "./ui.js";
import { api } from "./room.js";

let catalogue = null; // the promise of GET /api/games, asked once
let loaded = null; // its answer, once there

function definitions() {
  if (!catalogue) {
    catalogue = api("GET", "/api/games").then((list) => (loaded = list.games || list)).catch((e) => {
      catalogue = null; // asked again at the next open
      throw e;
    });
  }
  return catalogue;
}
// Asked as the page loads, so that the card has them when it first opens.
definitions().catch(() => {});

// same compares two option values as JSON values (a room's options and a
// rule's values are numbers, strings and booleans).
function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// rulesInForce is the twin of games.HouseRulesInForce: def's house rules
// in force in a room with these options (absent keys take the option's
// default). A rule without an option is always in force.
export function rulesInForce(def, options) {
  const set = options || {};
  return (def?.house_rules || []).filter((r) => {
    if (!r.option) return true;
    const value = Object.hasOwn(set, r.option) ? set[r.option] : (def.options || []).find((o) => o.key === r.option)?.default;
    return (r.values || []).some((v) => same(v, value));
  });
}

// fill puts the rules of game in force for options into ul, and says so
// in note when there are none or the catalogue cannot be read.
function fill(ul, note, defs, game, options) {
  const def = defs.find((d) => d.name === game);
  const rules = rulesInForce(def, options);
  ul.replaceChildren(...rules.map((r) => h("li", { "data-rule": r.id }, r.text)));
  note.textContent = rules.length ? "Our decisions where the rulebook is silent or unclear, as this room's options set them:" : "None of our decisions changes play at this table.";
}

// withHouseRules gives a rules card's content (rulescard.js) the house
// rules of game in force for the room's options (the lobby's, as the room
// was created): a list in the section "House rules at this table", first
// in the page's own section of that title (its house content follows),
// else in a section of its own before the page's section "house" (its
// house content under another title), else at the end.
export function withHouseRules(content, game, options) {
  const note = h("p", { class: "small", "data-house-rules-note": game }, "Loading the house rules…");
  const ul = h("ul", { "data-house-rules": game });
  if (loaded) fill(ul, note, loaded, game, options);
  else {
    definitions().then((defs) => fill(ul, note, defs, game, options)).catch((e) => {
      note.textContent = `The house rules could not be read: ${e.message}`;
    });
  }
  const title = "House rules at this table";
  const sections = [...(content.sections || [])];
  const own = sections.findIndex((s) => s.title === title);
  if (own >= 0) {
    sections[own] = { ...sections[own], body: [note, ul, ...(sections[own].body || [])] };
  } else {
    const house = sections.findIndex((s) => s.id === "house");
    sections.splice(house >= 0 ? house : sections.length, 0, { id: "house-rules", title, body: [note, ul] });
  }
  return { ...content, sections };
}

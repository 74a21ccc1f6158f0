// Pocket Battles' primer (before the start) and rules card (one tap away
// during play), built on the shared primer.js and rulescard.js. What is
// ours and not the rulebook's is marked HOUSE.

import { h } from "../ui.js";
import { primerCard } from "../primer.js";
import { list, houseRules } from "../rulescard.js";
import { field, legend } from "./field.js";

const house = () => h("span", { class: "house-tag" }, "HOUSE");

// The two armies' troops in the primer's picture: a Cavalry on top of a
// Regular Infantry, a marksman unit behind, and the troop the enemy's
// stack shows. Real tiles of each army (games/battles/data).
const moments = {
  confederacy: {
    name: "Confederacy",
    own: [
      { id: "CON22", name: "Cavalry 2-2-6", wounds: 2, black: [2, 2, 6], white: [] },
      { id: "CON26", name: "Reg. Infantry 2-2-3", wounds: 1, black: [2, 2], white: [3] },
      { id: "CON07", name: "Sharpshooters 5-6", wounds: 1, black: [], white: [5, 6] },
    ],
    shown: { id: "CON13", name: "Cons. Infantry 3-4-4", wounds: 1, black: [3, 4], white: [4] },
  },
  union: {
    name: "Union",
    own: [
      { id: "UNI12", name: "Cavalry 2-3-6", wounds: 2, black: [2, 3, 6], white: [] },
      { id: "UNI26", name: "Reg. Infantry 2-2-3", wounds: 1, black: [2, 2], white: [3] },
      { id: "UNI08", name: "Marksmen 4-5-6", wounds: 1, black: [], white: [4, 5, 6] },
    ],
    shown: { id: "UNI27", name: "Reg. Infantry 3-3-4", wounds: 1, black: [3, 3], white: [4] },
  },
};

// picture is a made-up moment of a battle from the half of the player's
// army (the Union for a seat labelled so, else the Confederacy, seat A's
// army by default): its unit a1 faces an enemy stack whose top troop
// alone shows.
function picture(seatLabel) {
  const mine = /union/i.test(seatLabel || "") ? "union" : "confederacy";
  const theirs = mine === "union" ? "confederacy" : "union";
  const [cav, inf, shot] = moments[mine].own;
  const top = moments[theirs].shown;
  const view = {
    seat: 0, phase: "battle", legal: [],
    sides: [{ seat: 0, name: moments[mine].name, army: mine }, { seat: 1, name: moments[theirs].name, army: theirs }],
    armies: { [mine]: { tiles: [cav, inf, shot] }, [theirs]: { tiles: [top] } },
    units: [
      { id: "a1", owner: 0, name: "Cavalry", placed: true, sector: "center", position: "front", troops: [{ tile: cav.id, wounds: 0 }, { tile: inf.id, wounds: 0 }], hidden: 0, orders: 1, contacts: [] },
      { id: "a2", owner: 0, name: shot.name.replace(/ [0-9-]+$/, ""), placed: true, sector: "left", position: "rear", troops: [{ tile: shot.id, wounds: 0 }], hidden: 0, orders: 0, contacts: [] },
      { id: "b1", owner: 1, name: top.name.replace(/ [0-9-]+$/, ""), placed: true, sector: "center", position: "front", troops: [{ tile: top.id, wounds: 0 }], hidden: 0, orders: 0, contacts: [] },
    ],
  };
  return field({ sel: "a1", pick: null }, view);
}

// primer is the one-screen primer of a seat (or of the page before one).
export function primer(seatLabel) {
  return primerCard({
    id: "battles",
    title: seatLabel ? `You lead the ${seatLabel}` : "How Pocket Battles plays",
    what: "Destroy half the enemy army's Deployment Points (DP) by the end of a round. You build an army of troop tiles, stack them into units and give them orders: charge, shoot, move.",
    when: "First build your army in secret and place your units, one at a time. Then on your turn: one free redeployment, then one order (it costs Order tokens). When the enemy charges one of your units, or you must assign hits, the phone asks at once.",
    screen: "The battlefield (the enemy's half on top, yours below), both generals' tokens, your units' orders below it, the last dice and the log. ? Rules opens the rules card.",
    picture: () => picture(seatLabel),
    caption: "Your ▲ units below, the enemy's ▼ above: only the top troop of an enemy stack shows until every unit is placed.",
  });
}

// rules is the rules card's content for a room's view (its options and
// the traits of the armies in play).
export function rules(v) {
  const o = v?.options || {};
  const traits = (v?.traits || []).map((t) => h("span", {}, h("b", {}, t.name), t.special ? " (special: needs an order)" : "", ": ", t.text));
  return {
    title: "Pocket Battles: the rules",
    sections: [
      { id: "goal", title: "Goal", body: ["At the end of a round, have destroyed at least half the enemy army's DP."] },
      {
        id: "setup", title: "Before the battle",
        body: [list([
          `Build an army up to the battle size${o.size ? ` (${o.size} points, ${o.size / 10} Order tokens each)` : ""}. A unit: at least 1 ♥ Wound point, no more troops than the lowest Formation value (F).`,
          "Deploy one unit at a time into the Front or Rear of a sector; only the top troop shows until all are placed.",
        ])],
      },
      {
        id: "turn", title: "A turn",
        body: [list([
          "One free redeployment to an adjacent zone, then one order.",
          "An order costs the unit's ⚑ Order tokens + 1.",
          "Out of tokens? The other general plays on alone; then the round ends and tokens come back.",
        ])],
      },
      {
        id: "combat", title: "Charges, shots and hits",
        body: [
          legend(),
          list([
            "Charge from the Front (black dice): the enemy may intercept or shoot at the charge. Engagement: roll 1 die (+1 when charging); each printed face equal to a die is a hit. The struck unit strikes back for free.",
            "Shoot from the Front (white dice) at the Front or Engagement of your sector.",
            "Hits: eliminate a troop (absorbs up to its ♥) or place a ✚ Wound token on a troop with 2+ ♥ left. Wound tokens are your Order tokens.",
          ]),
        ],
      },
      {
        id: "house", title: "House rules at this table",
        body: [
          ...houseRules(house, [
            ["Troop values beyond the rulebook's examples, and the tiles marked ", h("sup", { class: "house-tag" }, "H"), " (the rulebook never names them)."],
            "Every trait effect:",
          ], "our design, not the publisher's."),
          traits.length ? list(traits) : null,
        ].filter(Boolean),
      },
    ],
  };
}

// Saga of the Nine Worlds' primer (before the start) and rules card (one
// tap away during play), built on the shared primer.js and rulescard.js.
// What is ours and not the rulebook's is marked "house".

import { h } from "../ui.js";
import { primerCard } from "../primer.js";
import { list, houseRules } from "../rulescard.js";
import { draw } from "./board.js";

const house = () => h("span", { class: "house" }, "house");

// A made-up moment: Raven's Troll, selected, may move to a dotted tile
// (W: into Water, with its drowning check) or assault the Wolf unit in the
// ringed tile.
function picture() {
  const view = {
    seat: 0, first: 0, table_width: 3,
    terrain: [{ id: "forest", letter: "Fo" }, { id: "hills", letter: "Hi" }, { id: "water", letter: "Wa" }, { id: "field", letter: "Fi" }],
    tiles: [
      { at: "0,0", base: 0 },
      { at: "0,-1", base: -1, terrain: "forest" },
      { at: "1,-1", base: -1, terrain: "water" },
      { at: "-1,0", base: -1, terrain: "field" },
      { at: "0,-2", base: -1, terrain: "hills" },
      { at: "1,-2", base: -1, terrain: "field" },
      { at: "-1,-1", base: -1, terrain: "hills" },
    ],
    units: [
      { id: "r1", owner: 0, card: "troll", at: "0,-1" },
      { id: "r2", owner: 0, card: "archer", at: "-1,0" },
      { id: "w1", owner: 1, card: "wolf", at: "0,-2" },
    ],
  };
  const cards = [{ troll: { name: "Troll" }, archer: { name: "Archer" } }, { wolf: { name: "Wolf" } }];
  const svg = draw(view, cards, { marks: { "1,-1": "water", "-1,-1": "move", "1,-2": "move", "0,-2": "target", "0,0": "home" }, sel: "0,-1", tap: () => {} });
  svg.querySelectorAll(".hit").forEach((e) => e.remove()); // the tiles' tap targets: a picture takes no taps
  return svg;
}

// primer is the one-screen primer of a seat (or of the page before one).
export function primer(seatLabel) {
  return primerCard({
    id: "saga",
    title: seatLabel ? `You lead ${seatLabel}` : "How Saga of the Nine Worlds plays",
    what: "Capture the enemy's whole force, or assault their base and defeat it. On your turn do one thing: move a unit, assault with one, or summon one from your reserves.",
    when: "First you and your opponent take turns laying terrain tiles and placing 3 units each near your base. Then turns alternate. In an assault both sides may owe re-rolls, one at a time: the banner says when it is yours.",
    screen: "The map (your base at the bottom), both sides and whose turn it is, the card of the unit you tap, the dice of an assault, and the log. ? Rules opens the rules card.",
    picture,
    caption: "A unit tapped: dots are its moves (W: into Water, a drowning check), the ring an enemy to assault, ⌂ home to the reserves.",
  });
}

// rules is the rules card's content for a room's options.
export function rules(o = {}) {
  return {
    title: "Saga of the Nine Worlds: the rules",
    sections: [
      { id: "goal", title: "Goal", body: ["Capture the enemy's whole force, or assault their base and defeat it (a base always defends with 3 DEF dice)."] },
      {
        id: "setup", title: "Setup",
        body: [
          "The winner of a die roll places their base; you take turns drawing a terrain tile and placing it against a marked side, building away from the first player.",
          h("p", { id: "second-base-rule" }, h("strong", {}, "The second base: "),
            "\u201cWhen all Terrain tiles are in play, the second player places their Base tile as far as possible from the first Base tile while still touching the same number of tile sides.\u201d ",
            "So count the tiles touching the first base: on a careless map the only spot touching as many may be right next to it, and the bases end a few tiles apart. While you build, the page warns when that is coming."),
          "Then each places 3 units on the free tiles closest to their base; the rest wait in reserve.",
        ],
      },
      {
        id: "turn", title: "A turn: one of",
        body: [list([
          "Move a unit to an adjacent free tile (or hop over one friend in a straight line). Onto your own base: back to the reserves.",
          "Assault an enemy (below).",
          "Summon a reserve onto a free tile next to your base.",
        ])],
      },
      { id: "water", title: "Water", body: ["Entering Water rolls a die: 1–3 drowns the unit (your opponent captures it). Summoning onto Water is safe."] },
      {
        id: "assault", title: "Assaults",
        body: [list([
          "Close: move onto an adjacent enemy, Melee or Arcane. Ranged: Ballistics or Arcane, adjacent unless an ability reaches further.",
          "Both sides roll OFF ▲ and DEF ■ dice of that ability. Dice are matched highest to lowest, ties cancel; the highest die left decides each strike.",
          "A struck unit is captured; both can be. Neither: a stalemate.",
        ])],
      },
      {
        id: "rerolls", title: "Re-rolls",
        body: [
          list([
            "Before the result, one at a time, attacker first: special abilities first, then situational ones.",
            "Situational: terrain advantage 1, each ally next to the assaulted tile 1, a base next to it 2.",
          ]),
          o.rerolls === "auto" ? "At this table the server picks every re-roll at once." : "Tap a die to re-roll it, or keep your dice: a pass is final, you cannot re-roll again in that round while your opponent may go on." + (o.reroll_seconds ? ` You have ${o.reroll_seconds} seconds each time.` : ""),
        ],
      },
      {
        id: "house", title: "House content at this table",
        body: houseRules(house, [
          "The factions (unit cards, costs, special abilities) and the terrain bag of 20 tiles are our own design, built on the rulebook's model.",
          "The map is at most 7 tiles wide.",
        ]),
      },
    ],
  };
}

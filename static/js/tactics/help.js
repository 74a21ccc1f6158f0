// Pocket Tactics' primer (before the start) and rules card (one tap away
// during play), built on the shared primer.js and rulescard.js.

import { h } from "../ui.js";
import { primerCard } from "../primer.js";
import { list, table } from "../rulescard.js";
import { draw } from "./board.js";

// A made-up opening: Red's soldier at C2 may move to any dotted square.
function picture() {
  const board = [
    ["A1", 0, "tank"], ["B1", 0, "soldier"], ["C2", 0, "soldier"], ["D1", 0, "artillery"],
    ["C7", 1, "soldier"], ["D8", 1, "tank"], ["E8", 1, "artillery"],
  ].map(([at, owner, kind], i) => ({ at, owner, kind, id: `${kind[0].toUpperCase()}${i}` }));
  const moves = ["B3", "C3", "D3", "B4", "C4", "D4", "A4", "E4", "C5", "A5", "E5", "B2", "D2"];
  const svg = draw({ size: 8, seat: 0, board }, { flip: false, selected: "C2", moves });
  svg.querySelector("g.hits")?.remove(); // the squares' tap targets: a picture takes no taps
  return svg;
}

// primer is the one-screen primer of a seat (or a spectator).
export function primer(seatLabel) {
  return primerCard({
    id: "tactics",
    title: seatLabel ? `You play ${seatLabel}` : "How Pocket Tactics plays",
    what: "Destroy every enemy unit. You have 3 soldiers (S), 2 tanks (T) and 2 artillery (A). Each turn every unit of yours may act once: move or attack.",
    when: "First place your seven units on your back row. Then turns alternate (the first roll decides who starts): tap a unit, then a dot to move or a ringed enemy to attack, then End turn.",
    screen: "The board (your side at the bottom), whose turn it is, the dice of each attack with what it needed, and the log.",
    picture,
    caption: "A soldier tapped: the dots are where it may move.",
  });
}

// tankAttack is the tank's attack in words, with the room's house rules.
function tankAttack(options) {
  const whom = options.tank_attacks_straight
    ? "an enemy beside it along a row or column (house rule: not diagonally)"
    : "an enemy 1 square away, diagonals included";
  return options.tank_attack_in_place
    ? `or: attack ${whom}, after moving 1 square if you like (house rule: tanks may attack without moving)`
    : `or: move 1 square, then attack ${whom} (the move is part of the attack)`;
}

// rules is the rules card's content for a room's options.
export function rules(options = {}) {
  return {
    title: "Pocket Tactics: the rules",
    sections: [
      { id: "goal", title: "Goal", body: ["Eliminate every enemy unit." + (options.time_limit ? " With the 15-minute limit, when time runs out the side with more units wins." : "")] },
      { id: "turn", title: "A turn", body: [list(["Each of your units acts once, in any order: a move or an attack.", "A unit that acted shows ✓ until your next turn.", "End the turn when you are done (you may end it early).", "House rule: the match ends after turn 60 (30 each); then the side with more units wins."])] },
      {
        id: "units", title: "Units",
        body: [table(["Unit", "Move", "Attack", "Hits on"], [
          ["Soldier S", "up to 3 squares, diagonals too", "an adjacent enemy", "3+"],
          ["Tank T", "up to 2 squares, no diagonals", tankAttack(options), "4+"],
          ["Artillery A", "1 square, no diagonals", "and: an enemy exactly 2 squares away; after a miss, once more", "4+"],
        ])],
      },
      { id: "shield", title: "Shield formation", body: ["Two soldiers side by side defend better: an attack on either needs 2 more on the die (3+ becomes 5+)."] },
      { id: "dice", title: "Dice", body: ["One six-sided die per attack; the server rolls it and shows what it needed."] },
      ...(options.hidden_setup ? [{ id: "hidden", title: "Hidden setup", body: ["Units start face down (?): the other side learns what a unit is when it moves or attacks. An attack on a face-down unit says only the die and HIT or MISS."] }] : []),
      ...(options.small_board ? [{ id: "small", title: "Small board", body: ["6×6, set up on your two back rows."] }] : []),
      { id: "bot", title: "Alone?", body: [h("p", {}, "The host may give the other seat to the bot before the start.")] },
    ],
  };
}

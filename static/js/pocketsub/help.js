// Pocket Sub's primer (before the start) and rules card (one tap away
// during play), built on the shared primer.js and rulescard.js. What is
// ours and not the rulebook's is marked "house".

import { h } from "../ui.js";
import { primerCard } from "../primer.js";
import { list, houseRules } from "../rulescard.js";
import { draw } from "./board.js";

const house = () => h("span", { class: "house" }, "house");

// A made-up moment: Red's Sub 1 has gone from A4 into the deep centre A0
// and may take its next step into any ringed region; the ✕ ring would
// enter Blue's Mine and lose the Sub.
function picture() {
  const view = {
    seat: 0,
    tiles: [
      { name: "A", q: 0, r: 0, terrain: ["deep", "shallow", "rocky", "shallow", "shallow", "rocky", "shallow"] },
      { name: "B", q: 1, r: 0, terrain: ["shallow", "shallow", "shallow", "rocky", "shallow", "shallow", "rocky"] },
    ],
    players: [
      { colour: "Red", shape: "circle", letter: "R" },
      { colour: "Blue", shape: "square", letter: "B" },
    ],
    command_centres: [{ at: "B0", owner: 1 }],
    mines: [{ at: "A6", owner: 1 }, { at: "A5", owner: 0 }],
    subs: [
      { id: "r1", at: "A4", owner: 0, label: "Red 1" },
      { id: "b2", at: "B4", owner: 1, label: "Blue 2" },
    ],
    whirlpools: [],
  };
  const svg = draw(view, { selected: "r1", path: ["A4", "A0"], steps: { A1: "safe", A2: "safe", A3: "safe", A6: "lost" } });
  svg.querySelector("g.hits")?.remove(); // the regions' tap targets: a picture takes no taps
  return svg;
}

// primer is the one-screen primer of a seat (or of the page before one).
export function primer(seatLabel) {
  return primerCard({
    id: "pocketsub",
    title: seatLabel ? `You command ${seatLabel.split(" ")[0]}` : "How Pocket Sub plays",
    what: "Sink the other fleets: the last player (or team) with Subs in play wins. Each turn you move one of your Subs and lay a Mine behind it.",
    when: "Turns go round the table. On yours, tap a framed Sub, then its steps on the ocean, exactly 3 points (shallow 1, rocky 2, deep centre to deep centre 2), then a ringed spot for its Mine, and Move.",
    screen: "The ocean (tiles of 7 regions: C4 is tile C's bottom edge), the fleets and whose turn it is, your choices under the ocean, and the log. ? Rules opens the rules card.",
    picture,
    caption: "Red's Sub 1 on its way: green rings are its next steps; the red dashed one would enter Blue's Mine and lose it.",
  });
}

// rules is the rules card's content for a room's options (app.js adds the
// house rules in force with houserules.js's withHouseRules).
export function rules(o = {}) {
  const shelterAll = o.shelter !== "encounters";
  const sections = [
    { id: "goal", title: "Goal", body: ["Be the last player (or team) with Subs in play. It can happen in the middle of a move."] },
    {
      id: "turn", title: "A turn",
      body: [list([
        "Move one of your Subs, spending exactly 3 points.",
        "Then lay one Mine in an empty shallow or rocky region the Sub moved out of this turn.",
        shelterAll
          ? "No place for the Mine, or no way to spend all 3 points: the Sub is destroyed, unless it is in your own Command Centre, where it cannot be destroyed."
          : "No place for the Mine, or no way to spend all 3 points: the Sub is destroyed, even in your own Command Centre.",
      ])],
    },
    {
      id: "costs", title: "Moving",
      body: [list([
        "Shallow or deep region: 1 point. Rocky (dotted): 2.",
        "Running deep: from a deep region (waves) to a deep region on another tile, 2 points. Command Centres count as deep.",
        "No region twice, and never back where the Sub started.",
      ])],
    },
    {
      id: "meet", title: "Meeting pieces",
      body: [list([
        "Your own Mines and Subs: pass through safely, but ending on one destroys both. " +
          (shelterAll ? "In your own Command Centre nothing destroys your Subs." : "Your Command Centre keeps your Subs safe from enemies."),
        "Entering an enemy Mine or Sub destroys both; an enemy Command Centre destroys your Sub.",
        "★ Hero Sub: a player's last Sub. It wins Sub fights, except when an enemy Hero Sub enters its region; Mines and Command Centres still sink it.",
      ])],
    },
  ];
  if (o.players === 4) sections.push({ id: "teams", title: "Teams", body: ["Red and Blue against White and Black. A team-mate's pieces count as your own, but you move only your own Subs."] });
  if (o.captain) sections.push({ id: "captain", title: "Captain's expansion", body: ["Whirlpools (↻ ↺) turn their tile at the end of each round. Once each: Intelligence Report (pass enemy Subs and Mines), Map (pass an enemy Command Centre), Strong Current (" + (o.strong_current === "forces" ? "4 points, all of which must be used" : "a 4th point you may use") + ")."] });
  if (o.setup === "standard") sections.push({ id: "setup", title: "Standard setup", body: ["The tiles are shuffled and turned at random; then everyone places a Command Centre on a deep region and their Subs, in turn."] });
  sections.push({
    id: "house", title: "House rules at this table",
    body: houseRules(house, [
      "The tiles' faces and the introductory layouts are our own design: the publisher has not published them.",
    ]),
  });
  return { title: "Pocket Sub: the rules", sections };
}

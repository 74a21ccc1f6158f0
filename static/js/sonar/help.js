// Captain Sonar's help: the primer of each role (shown on that role's
// phone before the start, with a picture drawn by the role's own panel
// code), the rules card's content, and the sentence of the duty banner.

import { h, s, parseCell, cellName, roleTitles } from "../ui.js";
import { chartSVG, CELL } from "../map.js";
import { sheetSVG } from "./sheet.js";
import { firstMatePanel } from "./firstmate.js";
import { primerCard } from "../primer.js";
import { list, table } from "../rulescard.js";
import { surfaceStep } from "./surface.js";

const TEXT = {
  captain: {
    what: "You steer the submarine: tap a heading (north, east, south or west) and say it out loud. You never cross your own route, an island or your own mine. You fire the torpedo, drop and trigger mines, and decide when to surface.",
    when: "First you choose a secret start. Then, on your turn, you pick a heading, wait for the First Mate's and the Engineer's OK, then use one ready system or end the turn.",
    // (real time: REALTIME_WHEN below)
    screen: "Your chart with your route, the compass of headings (a closed one says why) and the systems, green when ready.",
    caption: "Your chart: the route so far, the submarine ●, a mine M.",
  },
  first_mate: {
    what: "You charge the systems: after every heading the Captain announces, you add one mark to one gauge. A full gauge makes its system READY for the Captain. You also keep the damage track.",
    when: "Each time the Captain says a heading (or a silence): tap +1 on one gauge. That is your OK. You may launch the drone and the sonar yourself when they are ready.",
    screen: "The damage track, one gauge per system (torpedo, mine, drone, sonar, silence) with its marks, and which systems a breakdown blocks.",
    caption: "Your gauges: marks charged so far; a full one reads READY.",
  },
  engineer: {
    what: "You keep the engines: after every heading you cross out one symbol in the panel of that heading. Each mark is a breakdown: a crossed ▲ W blocks the weapons, ● D the detection, ◆ S the silence.",
    when: "Each time the Captain says a heading: cross out one symbol in the highlighted panel. That is your OK. Only that panel opens; the others wait.",
    screen: "The Engineer's sheet: four panels (west, north, south, east) of six symbols, joined by three circuits. Finishing a circuit repairs it; filling a panel or all ☢ costs 1 damage.",
    caption: "Your sheet: the panel of the heading lights up; crossed symbols are broken down.",
  },
  radio_operator: {
    what: "You hunt the enemy: every heading the enemy Captain announces is drawn on a see-through sheet. Drag it over the chart until the track fits between the islands: there is the enemy.",
    when: "All the time. Tell your Captain where you think the enemy is, and when a drone, a sonar or a surfacing narrows it down.",
    screen: "The chart with the orange track of the enemy's headings on a sheet you drag, notes, and (in teaching rooms) the cells where the enemy may be.",
    caption: "The enemy's track (orange) on your sheet, dragged over the chart.",
  },
};

// sampleRoute is a short route over water from near the middle, for the
// pictures: it follows the real chart, so it never crosses an island.
function sampleRoute(chart, steps = 6) {
  const islands = new Set(chart.islands || []);
  const n = chart.size;
  const water = (c, r) => c >= 0 && r >= 0 && c < n && r < n && !islands.has(cellName(c, r));
  let start = null;
  for (let d = 0; d < n && !start; d++) {
    const c = Math.floor(n / 2) - 2 + (d % 5);
    const r = Math.floor(n / 2) - 2 + Math.floor(d / 5);
    if (water(c, r)) start = [c, r];
  }
  if (!start) return [];
  const route = [start];
  const seen = new Set([start.join()]);
  const tries = [[1, 0], [1, 0], [0, 1], [0, 1], [-1, 0], [0, 1], [1, 0], [0, -1]];
  for (const [dc, dr] of tries) {
    if (route.length > steps) break;
    const [c, r] = route[route.length - 1];
    const next = [c + dc, r + dr];
    if (water(...next) && !seen.has(next.join())) {
      route.push(next);
      seen.add(next.join());
    }
  }
  return route.map(([c, r]) => cellName(c, r));
}

function captainPicture(v) {
  const route = sampleRoute(v.chart);
  if (!route.length) return null;
  const first = parseCell(route[0]);
  const mine = first.row > 0 ? cellName(first.col, first.row - 1) : null;
  return chartSVG(v.chart, {
    label: "example: the Captain's chart",
    route,
    position: route[route.length - 1],
    mines: mine && !(v.chart.islands || []).includes(mine) ? [mine] : [],
  });
}

function radioPicture(v) {
  const route = sampleRoute(v.chart).map(parseCell);
  if (route.length < 2) return null;
  const o = route[0];
  return chartSVG(v.chart, {
    label: "example: the Radio Operator's sheet",
    overlay: (g) => {
      const px = (c, r) => [g.cx(c), g.cy(r)];
      const pts = route.map((c) => px(c.col, c.row));
      const grp = s("g", { class: "overlay" });
      grp.append(s("rect", {
        class: "sheetbg", x: g.x(o.col - 1), y: g.y(o.row - 2), width: CELL * 6, height: CELL * 6, rx: 6,
      }));
      grp.append(s("path", { class: "track", d: pts.map((p, i) => `${i ? "L" : "M"}${p[0]},${p[1]}`).join(" ") }));
      grp.append(s("circle", { class: "trackstart", cx: pts[0][0], cy: pts[0][1], r: 5 }));
      return grp;
    },
  });
}

function engineerPicture(v) {
  const own = v.own;
  if (!own?.sheet) return null;
  // The sheet as during a NORTH heading, with two breakdowns already.
  const sheet = own.sheet.map((x) => ({ ...x, marked: x.panel === "WEST" && x.index < 2 }));
  return sheetSVG({ ...own, sheet, duties: { ...own.duties, engineer: true, panel: "NORTH" } }, () => {});
}

function firstMatePicture(v) {
  const own = v.own;
  if (!own?.gauges) return null;
  // The real panel, drawn for a made-up crew halfway through a match.
  const gauges = own.gauges.map((g, i) => ({ ...g, marks: Math.min(g.size, [2, 3, 1, 0, 4, 1][i % 6]), ready: false }));
  gauges.forEach((g) => { if (g.marks >= g.size) g.ready = true; });
  const fake = {
    view: { ...v, public: { ...v.public, playing: false }, own: { ...own, gauges, broken: [], duties: { ...own.duties, first_mate: false } } },
    busy: {}, refusals: {},
    group: (name, attrs, ...children) => h("div", attrs, ...children),
    act() {}, explain() {}, render() {},
  };
  const el = h("div");
  firstMatePanel(el, fake)();
  const rows = [...el.querySelectorAll(".gauge")].slice(0, 3);
  return rows.length ? h("div", {}, rows) : null;
}

const PICTURES = {
  captain: captainPicture,
  first_mate: firstMatePicture,
  engineer: engineerPicture,
  radio_operator: radioPicture,
};

// In real time there are no turns: the Captain's "when" says so.
const REALTIME_WHEN = {
  captain: "First you choose a secret start. Then call headings as fast as your crew keeps up: after each, wait for the First Mate's and the Engineer's OK. Use a ready system whenever you like, with at least one heading between two systems.",
};

// rolePrimers are the primer cards of a seat's roles (a combined seat
// gets one per role). v may be null before the first view: then no picture.
export function rolePrimers(roles, v) {
  const realtime = v?.public?.mode === "realtime";
  return (roles || []).filter((r) => TEXT[r]).map((r) => {
    const picture = v?.chart ? () => PICTURES[r](v) : null;
    const when = realtime && REALTIME_WHEN[r] ? { when: REALTIME_WHEN[r] } : {};
    return primerCard({ id: r, title: `You are the ${roleTitles[r]}`, ...TEXT[r], ...when, picture });
  });
}

const SYSTEMS = [
  ["torpedo", "Torpedo", "W ▲ weapons", "Impact on a cell up to 4 steps away. The enemy there: 2 damage; next to it: 1. Careful, it hits you too."],
  ["mine", "Mine", "W ▲ weapons", "Drop a mine next to your submarine (never on your route). Trigger it later, any time: same blast as a torpedo."],
  ["drone", "Drone", "D ● detection", "Ask the enemy \"are you in sector X?\". The answer is always true."],
  ["sonar", "Sonar", "D ● detection", "The enemy Captain gives two facts of their row, column or sector: one true, one false."],
  ["silence", "Silence", "S ◆ special", "Move 0 to 4 cells in a straight line without saying where. The enemy only hears \"silence\"."],
  ["scenario", "Scenario", "S ◆ special", "The map's own system (Echo: the Archer mines)."],
];
const DEFAULT_SIZE = { torpedo: 3, mine: 3, drone: 4, sonar: 3, silence: 6, scenario: 4 };

// rulesContent is the rules card of a match, with this room's gauge sizes
// and mode, and the primer text of this phone's roles.
export function rulesContent(v, roles) {
  const gauges = v?.own?.gauges || [];
  const size = (k) => gauges.find((g) => g.system === k)?.size ?? DEFAULT_SIZE[k];
  const known = gauges.length ? new Set(gauges.map((g) => g.system)) : new Set(["torpedo", "mine", "drone", "sonar", "silence"]);
  const turnbased = v?.public?.mode === "turnbased";
  const mine = (roles || []).filter((r) => TEXT[r]);
  return {
    title: "Captain Sonar: the rules",
    sections: [
      { id: "goal", title: "Goal", body: ["Sink the enemy submarine: 4 damage sinks a submarine. You cannot see it: listen to the headings its Captain announces and hunt it down."] },
      {
        id: "turn", title: turnbased ? "A turn (turn-based)" : "Playing (real time)",
        body: [list(turnbased
          ? ["The Captain announces a heading (or a silence).", "The First Mate charges one gauge; the Engineer crosses out one symbol in that heading's panel. Both say OK.", "Then the Captain may use one ready system, and ends the turn."]
          : ["No turns: each Captain announces headings as fast as the crew keeps up.", "After each heading, wait for the First Mate's and the Engineer's OK before the next.", "Between two systems the submarine must move at least once."])],
      },
      { id: "moves", title: "Moving", body: [list(["Never onto an island, your own route or your own mine.", "No way out? You must surface."])] },
      {
        id: "systems", title: "Systems and what they cost",
        body: [
          "Each system needs its gauge full (the cost, in First Mate marks) and no breakdown of its colour on the Engineer's sheet. Using it empties the gauge.",
          table(["System", "Cost", "Breaks with", "What it does"],
            SYSTEMS.filter(([k]) => known.has(k)).map(([k, name, colour, what]) => [name, `${size(k)} marks`, colour, what])),
        ],
      },
      {
        id: "breakdowns", title: "Breakdowns and damage",
        body: [list([
          "A crossed-out symbol is a breakdown: its colour's systems stop working.",
          "Cross out a whole circuit (letters Y, O, G): those symbols are repaired.",
          "Cross out a whole panel, or every ☢ reactor symbol: 1 damage, and the whole sheet is repaired.",
        ])],
      },
      {
        id: "surface", title: "Surfacing",
        body: [list([
          "Instead of a heading. The enemy learns your sector.",
          "Every breakdown is repaired; your route is erased (your mines stay).",
          turnbased ? "The enemy then plays three turns in a row; then you dive." : "Your crew traces the four sections of the submarine, the enemy Engineer checks them, then you dive.",
          ...(v?.chart?.name === "delta" && (v.chart.ice_holes || []).length ? ["Delta: surface in a hole in the ice, or break through for 1 damage."] : []),
        ])],
      },
      ...mine.map((r) => ({ id: `role-${r}`, title: `Your role: ${roleTitles[r]}`, body: [TEXT[r].what, (!turnbased && REALTIME_WHEN[r]) || TEXT[r].when] })),
    ],
  };
}

// dutyOf says what this seat owes now: {text, key, quiet}, or null. key
// changes with each new duty, so the phone buzzes once per duty.
export function dutyOf(v, ui) {
  const own = v?.own;
  const pub = v?.public;
  if (!own || !pub || pub.outcome || !pub.started) return null;
  const has = (r) => (v.roles || []).includes(r);
  const owed = [];
  const route = (own.route || []).length;
  // target: the controls the first duty asks for, which the page keeps
  // in view (the role's panel, for a combined seat's tab).
  let target = "";
  const owe = (text, role, sel) => {
    owed.push(text);
    if (!target) target = sel ? { role, sel } : "";
  };
  if (has("captain")) {
    if (own.sonar_answers?.length) owe("Answer the enemy's sonar: one true fact, one false", "captain", "#sonar-answer");
    else if (!own.placed) owe("Choose your secret start on the chart", "captain", "#panel-captain svg.chart");
  }
  if (has("first_mate") && own.duties?.first_mate) owe("First Mate: charge ONE gauge (+1)", "first_mate", "#panel-first_mate [data-group=charge]");
  if (has("engineer") && own.duties?.engineer) owe(`Engineer: cross out one symbol in the ${own.duties.panel} panel`, "engineer", "#panel-engineer svg.sheet");
  if (has("engineer") && own.inspect) owe("Engineer: inspect the enemy's sheet", "engineer", "");
  // Surfaced: the surfacing card's instruction, in the same words.
  const step = surfaceStep(v, ui);
  if (step && !step.quiet) owe(step.text, "", "");
  if (owed.length) return { text: owed.join(" · "), key: `${owed.join("|")}#${route}#${pub.turn || ""}`, target };
  if (step) return { text: step.text, key: `surfaced#${step.text}`, quiet: true };
  if (has("captain") && own.placed && pub.playing && pub.mode === "turnbased" && own.turn?.current) {
    if (own.duties?.first_mate || own.duties?.engineer) {
      return { text: "Waiting for your crew's OK…", key: `wait#${route}`, quiet: true };
    }
    const text = own.turn.moved ? "YOUR TURN: use a system or end the turn" : "YOUR TURN: choose a heading";
    const sel = own.turn.moved ? "#panel-captain [data-group=systems]" : "#panel-captain [data-group=course]";
    return { text, key: `turn#${pub.turn}#${route}#${own.turn.moved}`, target: { role: "captain", sel } };
  }
  return null;
}

// Saga's guided first match: the lessons guide.js shows, keyed to the
// seat's view, and the taps that play the view's suggestion (the crew
// bot's command at this seat, from this seat's view: always legal).

import { answerSince } from "../guide.js";
import { label, TEAM } from "./board.js";
import { cardsOf } from "./panel.js";

function suggestion(view) {
  return view?.suggest && typeof view.suggest === "object" ? view.suggest : null;
}

function mine(app, view) {
  return view.seat >= 0 && view.turn === view.seat && view.phase !== "over" && !app.busy;
}

const hit = (at) => `polygon.hit[data-at="${at}"]`;

// unitName is a unit's card name, as its card shows it.
function unitName(view, id) {
  const u = (view.units || []).find((x) => x.id === id);
  const p = (view.players || [])[view.seat];
  let card = u?.card;
  if (!card) card = (p?.reserves || []).find((r) => r.id === id)?.card;
  const c = card ? cardsOf(view)[view.seat]?.[card] : null;
  return c?.name || "unit";
}

function legalFor(view, s) {
  return (view.legal || []).find((l) => JSON.stringify(l.command) === JSON.stringify(s)) || null;
}

function is(...types) {
  return (view, app) => mine(app, view) && types.includes(suggestion(view)?.type);
}

export const course = {
  anchor: "board",
  endAnchor: "outcome",
  lessons: [
    {
      id: "build", when: is("place_tile"),
      title: "Build the map: place the drawn tile",
      text: (v) => `The two of you build the battlefield tile by tile. Tap the outlined spot for the tile in hand (${label(suggestion(v).at)}).`,
      why: "Where the tiles go decides where the bases stand and how far the armies march: open ground between you means more turns to prepare.",
    },
    {
      id: "base", when: is("place_base"),
      title: "Place your base",
      text: (v) => `Tap the outlined spot (${label(suggestion(v).at)}) for your base.`,
      why: "Your units start next to your base and reserves come back into play beside it; if it falls, you lose.",
    },
    {
      id: "deploy", when: is("deploy"),
      title: (v) => `Deploy your ${unitName(v, suggestion(v).unit)}`,
      text: (v) => `Before play, each side puts its units next to its base in turn. Tap the outlined unit, then ${label(suggestion(v).at)}.`,
      why: "Each unit's card (tap it) says how it moves and fights: fast units in front, strong defenders near the base.",
    },
    {
      id: "assault", when: is("close_assault", "ranged_assault"),
      title: (v) => `Assault ${label(suggestion(v).target)}`,
      text: (v) => {
        const s = suggestion(v);
        const l = legalFor(v, s);
        const odds = l ? ` The strike succeeds ${l.hit || 0}% of the time${l.counter_strikes ? `, the counter-strike ${l.counter || 0}%` : ", with no counter-strike"}.` : "";
        return `Your ${unitName(v, s.unit)} can ${s.type === "close_assault" ? "move in and fight" : "shoot from where it stands"}.${odds} Tap your unit, the target, then the outlined assault.`;
      },
      why: "Each side rolls its dice; the highest attack die against the highest defence die decides. Assault when the odds are on your side.",
    },
    {
      id: "move", when: is("move"),
      title: (v) => `Move your ${unitName(v, suggestion(v).unit)}`,
      text: (v) => {
        const s = suggestion(v);
        const l = legalFor(v, s);
        const from = (v.units || []).find((u) => u.id === s.unit)?.at;
        const unit = from ? `your ${unitName(v, s.unit)} on ${label(from)}` : "the unit";
        return l?.home ? `Tap ${unit}, then Send it home: it goes back to the reserves, to be summoned again.` : `Tap ${unit}, then ${label(s.to)}.`;
      },
      why: "One action a turn: move, assault or summon. Come closer where you can strike next turn, not where the enemy strikes first.",
    },
    {
      id: "summon", when: is("summon"),
      title: (v) => `Summon your ${unitName(v, suggestion(v).unit)}`,
      text: (v) => `A reserve comes into play next to your base. Tap it in the list, then ${label(suggestion(v).at)}.`,
      why: "Reserves are units you have not placed or that came home: summoning costs your turn's action.",
    },
    {
      id: "reroll", when: is("reroll"),
      title: "Re-roll a die",
      text: "The assault waits for your re-rolls. Tap the outlined die to roll it again.",
      why: "A re-roll helps when one die stands between you and a better result: the highest attack die against the highest defence die decides.",
    },
    {
      id: "pass", when: is("pass"),
      title: "Keep your dice",
      text: "Your dice are as good as a re-roll would likely make them: tap Keep my dice.",
      why: "A pass ends your re-rolls in this assault (house rule): keep them when your highest die already wins.",
    },
    {
      id: "skip", when: is("skip_turn"),
      title: "Skip the turn",
      text: "No legal action now: tap Skip the turn.",
    },
  ],

  // next is what to tap for the suggestion, one step at a time.
  next(app, view) {
    const s = suggestion(view);
    if (!s || !mine(app, view)) return "";
    const at = (id) => (view.units || []).find((u) => u.id === id)?.at;
    switch (s.type) {
      case "place_tile":
      case "place_base":
        return hit(s.at);
      case "deploy":
      case "summon":
        return app.pick === s.unit ? hit(s.at) : `[data-pick="${s.unit}"]`;
      case "move":
        if (app.sel !== s.unit) return hit(at(s.unit));
        return legalFor(view, s)?.home ? "#go-home" : hit(s.to);
      case "close_assault":
      case "ranged_assault":
        if (app.sel !== s.unit) return hit(at(s.unit));
        if (app.focus !== s.target) return hit(s.target);
        return `.assault-option[data-kind="${s.type}"][data-combat="${s.combat}"]`;
      case "reroll":
        return `[data-die="${s.dice}-${s.index}"]`;
      case "pass":
        return "#pass";
      case "skip_turn":
        return "#skip";
    }
    return "";
  },

  // answer is what the bot did since this seat's last own action.
  answer(app, view) {
    if (!mine(app, view) || view.fight || view.phase !== "playing") return null;
    const me = view.seat;
    const a = answerSince(app.log, (l) => l.team === me && ["move", "home", "summon", "assault", "skip", "deploy"].includes(l.kind),
      (l) => l.team !== 1 - me && l.kind !== "combat" && l.kind !== "captured" && l.kind !== "returned");
    if (!a) return null;
    const fought = a.entries.some((l) => l.kind === "combat" || l.kind === "assault");
    const why = fought
      ? "It assaulted: the dice, the re-rolls and the result are in the assault box and the log. Look at what each enemy unit can reach before you end next to it."
      : "It moved to where it can strike next, or kept out of your reach. The learner assaults only with the odds on its side.";
    return { key: `${view.turn_number}:${a.key}:${a.text.length}`, text: a.text, why };
  },

  closing(app, view) {
    const o = view.outcome || {};
    const won = (o.winners || []).includes(view.seat);
    const draw = !(o.winners || []).length;
    const left = (view.units || []).filter((u) => u.owner === view.seat).length;
    return {
      title: won ? "You won your first match" : draw ? "A draw in your first match" : "The bot won this time",
      lines: [
        o.reason || "",
        `Your units on the map at the end: ${left}. You played ${TEAM[view.seat]}.`,
        "You played a whole match: building the map, placing a base and units, moving, assaulting with the dice and re-rolls, and reading the other side's turns.",
        "Next, a real match: no outline, against a friend or a stronger bot.",
      ].filter(Boolean),
      real: { href: "/saga.html", label: "Play a real match", sub: "a new room: you choose the factions and the opponent" },
    };
  },
};

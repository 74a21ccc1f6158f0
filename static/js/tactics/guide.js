// Pocket Tactics' guided first match: the lessons guide.js shows, keyed to
// the seat's view, and the taps that play the view's suggestion (what the
// crew bot would do at this seat: always a legal command).

import { TEAM } from "./board.js";
import { answerSince } from "../guide.js";

const sq = (s) => `rect.hit[data-sq="${s}"]`;

function suggestion(view) {
  return view?.suggest && typeof view.suggest === "object" ? view.suggest : null;
}

function mine(app, view) {
  return view.phase === "play" && view.seat >= 0 && view.turn === view.seat && !app.busy && !app.showing && !app.queue.length;
}

function pieceAt(view, at) {
  return (view.board || []).find((p) => p.at === at) || null;
}

function kindAt(view, at) {
  const p = pieceAt(view, at);
  return p ? (p.kind === "unit" ? "face-down unit" : p.kind) : "unit";
}

// chance is the hit chance the view gives for the suggested attack.
function chance(view, s) {
  const ua = (view.legal || []).find((a) => a.unit === s.unit);
  if (!ua) return "";
  const list = s.to ? ((ua.move_attacks || []).find((m) => m.to === s.to)?.targets || []) : (ua.attacks || []);
  const t = list.find((x) => x.at === s.target);
  return t ? t.chance : "";
}

function is(type) {
  return (view, app) => mine(app, view) && suggestion(view)?.type === type;
}

// The reach of each kind in words, for the whys.
const REACH = "An enemy soldier reaches 4 squares (3 moves, then next to it), a tank 3, an artillery exactly 2 away (after a 1-square move, 3).";

export const course = {
  anchor: "board",
  endAnchor: "outcome",
  lessons: [
    {
      id: "setup", when: (v) => !!v.setup && !!suggestion(v),
      title: "Set up your army",
      text: (v) => `Your seven units go on your ${v.size === 6 ? "two back rows" : "back row"}, the marked squares. Tap "Place as suggested", then Ready.`,
      why: "Artillery hits hard from 2 squares away but is easy prey up close: the suggestion puts soldiers and tanks beside it as a screen.",
      action: { id: "guide-place", label: "Place as suggested", run: (app) => { app.draft = { placed: { ...suggestion(app.view).place }, kind: "soldier" }; } },
    },
    {
      id: "turn", when: (v, app) => mine(app, v) && !(v.board || []).some((p) => p.owner === v.seat && p.spent) && v.turn_number <= 2,
      title: "Your turn: each unit acts once",
      text: "Every one of your units may move or attack once this turn, in any order. Tap a unit to see its choices: dots to move, rings to attack. Then End turn.",
      why: "The first roll decided who starts. Follow the outline: the lesson suggests one action at a time.",
    },
    {
      id: "attack", when: is("attack"),
      title: (v) => `Attack the ${kindAt(v, suggestion(v).target)} on ${suggestion(v).target}`,
      text: (v) => { const s = suggestion(v); return `Your ${kindAt(v, s.unit)} on ${s.unit} can hit it: ${chance(v, s) || "one die"}. Tap your unit, then the ringed enemy.`; },
      why: "Soldiers hit on 3+, tanks and artillery on 4+; two soldiers side by side shield each other (+2 needed). A good attack has a fair chance and leaves few of yours in reach.",
    },
    {
      id: "tank", when: is("tank"),
      title: (v) => `Tank: move to ${suggestion(v).to || "its square"} and attack ${suggestion(v).target}`,
      text: (v) => { const s = suggestion(v); return `A tank's attack is one action: 1 square along a row or column, then strike an enemy 1 square away (${chance(v, s) || "4+"}). Tap the tank, the ringed square, then the enemy.`; },
      why: "The move is part of the attack: it lets the tank strike what it could not reach from where it stands.",
    },
    {
      id: "artillery", when: is("artillery"),
      title: (v) => (suggestion(v).target ? `Artillery: fire at ${suggestion(v).target}` : `Artillery: move to ${suggestion(v).to}`),
      text: (v) => {
        const s = suggestion(v);
        if (!s.target) return `Artillery moves 1 square along a row or column. Tap it, then ${s.to}.`;
        return `Artillery hits an enemy exactly 2 squares away (${chance(v, s) || "4+"}), after a 1-square move if it likes; after a miss it may fire once more. Tap it${s.to ? `, then ${s.to}` : ""}, then the enemy.`;
      },
      why: "Artillery is strongest at a distance: keep it 2 squares from its target and behind your soldiers.",
    },
    {
      id: "second", when: is("second_attack"),
      title: "Fire again",
      text: "Your artillery missed: it may fire once more at the same target. Tap Fire again.",
      why: "The second shot costs nothing: always take it.",
    },
    {
      id: "move", when: is("move"),
      title: (v) => `Move your ${kindAt(v, suggestion(v).unit)} from ${suggestion(v).unit} to ${suggestion(v).to}`,
      text: "Tap the unit, then the outlined square. A soldier moves up to 3 squares (diagonals too), a tank 2 along rows and columns, artillery 1.",
      why: "Close in where your units can strike next turn, and not where the enemy strikes first. " + REACH,
    },
    {
      id: "end", when: is("end_turn"),
      title: "End your turn",
      text: "Nothing else is worth doing now: tap End turn (twice if a unit could still act).",
      why: "A unit need not act: one that stays out of reach is safe. The bot plays next, and its turn is explained here.",
    },
  ],

  // next is what to tap for the suggestion, one step at a time.
  next(app, view) {
    const s = suggestion(view);
    if (!s) return "";
    if (s.type === "setup") {
      const placed = app.draft?.placed || {};
      const same = Object.keys(s.place).length === Object.keys(placed).length &&
        Object.entries(s.place).every(([k, v]) => placed[k] === v);
      return same ? "#ready:not([disabled])" : "#guide-place";
    }
    if (!mine(app, view)) return "";
    switch (s.type) {
      case "second_attack": return "#again";
      case "decline_second": return "#decline";
      case "end_turn": return "#end-turn";
    }
    if (app.sel !== s.unit) return sq(s.unit);
    if (s.type === "move") return sq(s.to);
    if (s.type === "attack") return sq(s.target);
    // Tank and artillery: the move first (a ringed square), then the target.
    if (s.to && app.stage !== s.to) return sq(s.to);
    return s.target ? sq(s.target) : sq(s.to);
  },

  // answer is the bot's last turn, told when the turn comes back.
  answer(app, view) {
    if (!mine(app, view)) return null;
    const me = ["red", "blue"][view.seat];
    // A unit of ours destroyed is part of their turn; anything else of
    // ours (a move, a roll, our end of turn) is where their turn began.
    const a = answerSince(app.log, (l) => (l.team === me && l.kind !== "destroyed") || l.kind === "first_roll" || l.kind === "setup",
      (l) => !l.team || l.kind === "turn");
    if (!a) return null;
    const them = a.entries;
    const struck = them.some((l) => l.kind === "roll" || l.kind === "destroyed");
    const lost = them.some((l) => l.kind === "destroyed" && l.text.startsWith(TEAM[view.seat]));
    let why = "It moved closer to strike next turn. " + REACH + " Strike first where you can, or stay out of its reach.";
    if (struck) why = `It attacked what stood in its reach${lost ? " and took a unit of yours" : ""}. Before you end a turn, look at what each enemy unit could reach next. ${REACH}`;
    return { key: `${view.turn_number}:${a.key}`, text: a.text, why };
  },

  closing(app, view) {
    const o = view.outcome || {};
    const won = (o.winners || []).includes(view.seat);
    const draw = !(o.winners || []).length || (o.winners || []).length > 1;
    const p = view.players || [];
    const yours = p[view.seat]?.units ?? 0;
    const theirs = p[1 - view.seat]?.units ?? 0;
    return {
      title: won ? "You won your first match" : draw ? "A draw in your first match" : "The bot won this time",
      lines: [
        o.reason || "",
        `Your units left: ${yours}. The bot's: ${theirs}.`,
        "You played a whole match: setup, moves, attacks with their odds, the artillery's second shot, and reading the other side's answer.",
        "Next, a real match: no outline, a bot that weighs every attack (crew strength), or a friend on another phone.",
      ].filter(Boolean),
      real: { href: "/tactics.html", label: "Play a real match", sub: "a new room: you choose the options and the opponent" },
    };
  },
};

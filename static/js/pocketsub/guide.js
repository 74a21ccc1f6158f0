// Pocket Sub's guided first match: the lessons guide.js shows, keyed to
// the seat's view, and the taps that play the view's suggestion (the bot's
// move at this seat: always a legal command).

import { answerSince } from "../guide.js";

function suggestion(view) {
  return view?.suggest && typeof view.suggest === "object" ? view.suggest : null;
}

function mine(app, view) {
  return view.seat >= 0 && view.turn === view.seat && !app.busy && !app.showing && !app.queue.length;
}

const same = (a, b) => (a || []).join(" ") === (b || []).join(" ");

// moveOf is the view's own description of the suggested move (its fate).
function moveOf(view) {
  const s = suggestion(view);
  if (!s || s.type !== "move") return null;
  return (view.moves || []).find((m) => m.sub === s.sub && same(m.path, s.path)) || null;
}

function subLabel(view, id) {
  return (view.subs || []).find((u) => u.id === id)?.label || "your Sub";
}

function is(test) {
  return (view, app) => view.phase === "playing" && mine(app, view) && !!moveOf(view) && test(moveOf(view), view);
}

function moveText(view) {
  const s = suggestion(view);
  const u = (view.subs || []).find((x) => x.id === s.sub);
  const steps = [u?.at, ...s.path].filter(Boolean).join(" → ");
  return `${subLabel(view, s.sub)}: ${steps}` + (s.mine ? `, its Mine on ${s.mine}` : "") + ".";
}

const HOW = "Tap the outlined Sub, then the outlined move, then its Mine, then Move.";

export const course = {
  anchor: "board",
  endAnchor: "outcome",
  lessons: [
    {
      id: "place", when: (v, app) => (v.phase === "setup" || v.phase === "whirlpools") && mine(app, v) && !!suggestion(v),
      title: (v) => {
        const s = suggestion(v);
        return s.type === "place_cc" ? `Your Command Centre on ${s.at}` : s.type === "place_whirlpool" ? `A Whirlpool on ${s.at}` : `A Sub on ${s.at}`;
      },
      text: "Players place their pieces in turn. Tap the outlined button.",
      why: "A Command Centre far from the others, Subs near your own Command Centre: it keeps them safe, and enemy Subs that enter it are destroyed.",
    },
    {
      id: "turn", when: (v, app) => v.phase === "playing" && mine(app, v) && v.round <= 1,
      title: "Your turn: one Sub, exactly 3 points, then a Mine",
      text: "Move one of your Subs spending exactly 3 points: shallow or deep regions cost 1, rocky (dotted) 2, running deep from one deep centre to another tile's 2. Then lay a Mine where it has been.",
      why: "Every turn you leave a Mine behind: the ocean fills up, so plan a way out for next turn.",
    },
    {
      id: "win", when: is((m) => m.ends === "win"),
      title: "Win the match",
      text: (v) => `This move sinks the last enemy Sub: ${moveText(v)} ${HOW}`,
      why: "The last fleet afloat wins, even in the middle of a move.",
    },
    {
      id: "sink", when: is((m) => (m.kills || []).length > 0),
      title: "Sink an enemy Sub",
      text: (v) => `${moveText(v)} It destroys the enemy Sub on ${moveOf(v).kills.join(" and ")}. ${HOW}`,
      why: "A Sub that ends its move on an enemy Sub destroys it (an enemy's Hero Sub, its last, fights back: it destroys yours instead).",
    },
    {
      id: "doomed", when: is((m) => !!m.lost),
      title: "No safe move",
      text: (v) => `Every move loses a Sub now; this one loses least: ${moveText(v)} ${moveOf(v).why || ""}`,
      why: "A Sub with no way to spend its 3 points, or nowhere for its Mine, is destroyed: keep a way out.",
    },
    {
      id: "move", when: is(() => true),
      title: "A safe move",
      text: (v) => `${moveText(v)} ${HOW}`,
      why: "It ends where no enemy Sub can reach it next turn, keeps a way out, and its Mine stands where enemy Subs must pass.",
    },
  ],

  // next is what to tap for the suggestion, one step at a time.
  next(app, view) {
    const s = suggestion(view);
    if (!s || !mine(app, view)) return "";
    if (s.type === "place_whirlpool") return app.whirl === s.at ? `[data-spin="${s.spin}"]` : `[data-place="${s.at}"]`;
    if (s.type !== "move") return `[data-place="${s.at}"]`;
    if (!app.sel) return `[data-choose="${s.sub}"]`;
    if (app.sel !== s.sub) return "#other-sub";
    if (!app.move) return app.path.length ? "#undo" : `#moves [data-path="${s.path.join(" ")}"]`;
    if (!same(app.move.path, s.path)) return "#other-sub";
    if (s.mine && app.mine !== s.mine) return `[data-mine="${s.mine}"]`;
    return "#confirm:not([disabled])";
  },

  // answer is what the others did since this seat's last move.
  answer(app, view) {
    if (view.phase !== "playing" || !mine(app, view)) return null;
    const me = view.players[view.seat].colour;
    const a = answerSince(app.log, (l) => (l.kind === "move" && l.colour === me) || l.kind === "start" || l.kind === "setup",
      (l) => l.kind !== "move" && l.kind !== "destroyed" && l.kind !== "whirlpool");
    if (!a) return null;
    const lost = a.entries.some((l) => l.kind === "destroyed");
    const why = lost
      ? "A Sub was lost: a Sub that ends on an enemy Sub destroys it, and one that enters an enemy Mine or Command Centre is destroyed. Look at where each enemy Sub can reach with 3 points."
      : "The bot moved where your Subs cannot reach it next turn and laid its Mine where you might pass. Its Mines are now in your way: the suggestion counts them.";
    return { key: `${view.round}:${a.key}`, text: a.text, why };
  },

  closing(app, view) {
    const o = view.outcome || {};
    const me = view.players[view.seat];
    const won = (o.winners || []).includes(me.team);
    const draw = !(o.winners || []).length;
    return {
      title: won ? "You won your first match" : draw ? "A draw in your first match" : "The bot won this time",
      lines: [
        o.reason || "",
        `Your Subs afloat: ${me.subs}.`,
        "You played a whole match: moving a Sub 3 points, the cost of rocky regions and running deep, laying Mines, sinking Subs and reading the other side's moves.",
        "Next, a real match: no outline, against friends on their phones or the bots.",
      ].filter(Boolean),
      real: { href: "/pocketsub.html", label: "Play a real match", sub: "a new room: you choose the options and the opponents" },
    };
  },
};

// Pocket Battles' guided first battle: the lessons guide.js shows, keyed to
// the seat's view, and the taps that give the view's suggestion (the
// veteran bot's order at this seat, from this seat's view: always legal).

import { answerSince } from "../guide.js";

function suggestion(view) {
  return view?.suggest && typeof view.suggest === "object" ? view.suggest : null;
}

function mine(app, view) {
  return view.seat >= 0 && view.phase !== "over" && !app.busy && !!suggestion(view);
}

// legalFor is the view's entry for the suggestion: its label in words.
function legalFor(view, s) {
  const key = JSON.stringify(s);
  return (view.legal || []).find((l) => JSON.stringify(l.command) === key) || null;
}

function said(view) {
  const l = legalFor(view, suggestion(view));
  return l ? `The suggested order: ${l.label}.` : "";
}

function is(...types) {
  return (view, app) => mine(app, view) && types.includes(suggestion(view).type);
}

const TAP = "Tap the outlined unit, then the outlined order.";

export const course = {
  anchor: "now",
  endAnchor: "outcome",
  lessons: [
    {
      id: "army", when: is("use_preset", "add_unit", "remove_unit", "confirm_army"),
      title: "Build your army",
      text: (v) => (suggestion(v).type === "use_preset"
        ? "Each general spends Deployment Points on troops grouped in units. Take one of the rulebook's armies in one tap (outlined), then confirm it."
        : suggestion(v).type === "confirm_army" ? "Your army is complete: tap the outlined button to confirm it." : "Add the outlined troop as a unit of its own, then confirm."),
      why: "Every 10 points of the battle's size give one Order token a round: each order a unit gets costs tokens.",
    },
    {
      id: "deploy", when: is("deploy", "redeploy"),
      title: "Deploy your units",
      text: (v) => `Put each unit in a zone of your side: tap the outlined unit to place, then the outlined zone (${(suggestion(v).to || "").replace(/_/g, " ")}).`,
      why: "Units at the Front fight first; support and guns are safer behind it, and the enemy sees only the top troop of each stack until all are placed.",
    },
    {
      id: "charge", when: is("charge"),
      title: "Charge",
      text: (v) => `${said(v)} ${TAP}`,
      why: "A charge moves a unit into an enemy unit and strikes it: both strike, the charger first. The enemy may answer by intercepting or firing.",
    },
    {
      id: "shoot", when: is("shoot"),
      title: "Shoot",
      text: (v) => `${said(v)} ${TAP}`,
      why: "Shooting strikes from a distance with the white dice: no strike back.",
    },
    {
      id: "order", when: is("move", "carry_on", "leave", "use_trait"),
      title: "Give an order",
      text: (v) => `${said(v)} ${TAP}`,
      why: "Each order costs tokens; a Tactical Move brings a unit into range for the next order.",
    },
    {
      id: "react", when: is("intercept", "fire_at_charge", "hold"),
      title: "Answer the charge",
      text: (v) => `An enemy unit charges. ${said(v)} Tap the outlined answer.`,
      why: "An answer to a charge is free: intercepting or firing may break the charge before it lands.",
    },
    {
      id: "target", when: is("charge_target"),
      title: "Pick the charge's target",
      text: (v) => `${said(v)} Tap the outlined target.`,
      why: "Strike the unit you are most likely to break.",
    },
    {
      id: "wounds", when: is("kill", "wound"),
      title: "Assign the hits",
      text: (v) => `Your unit was hit: each hit kills a troop or puts a Wound token on one. ${said(v)}`,
      why: "Wound the troop that can take it and keep the strongest troop on top of the stack.",
    },
    {
      id: "recovery", when: is("sacrifice", "end_recovery"),
      title: "End of the round",
      text: (v) => `${said(v)} Tap the outlined button.`,
      why: "Between rounds a wounded troop may be sacrificed to free its unit's tokens.",
    },
    {
      id: "pass", when: is("pass"),
      title: "Pass",
      text: "No order is worth its tokens now: tap Pass.",
      why: "A pass hands the turn over; when both pass, the round ends.",
    },
  ],

  // next is what to tap for the suggestion, one step at a time.
  next(app, view) {
    const s = suggestion(view);
    if (!s || !mine(app, view)) return "";
    switch (s.type) {
      case "use_preset": return `[data-preset="${s.preset}"]`;
      case "confirm_army": return "#confirm";
      case "remove_unit": return `[data-remove="${s.unit}"]`;
      case "add_unit": {
        const missing = (s.tiles || []).find((t) => !(app.picked || []).includes(t));
        return missing ? `[data-tile="${missing}"]` : "#form-unit:not([disabled])";
      }
      case "deploy": return app.pick === s.unit ? `[data-zone="${s.to}"]` : `[data-hand="${s.unit}"]`;
      case "pass": return "#pass";
    }
    const button = `.bt-act[data-cmd="${CSS.escape(JSON.stringify(s))}"]`;
    if (document.querySelector(button)) return button;
    if (s.unit && app.sel !== s.unit) return `.bt-unit[data-unit="${s.unit}"][data-owner="${view.seat}"]`;
    return button;
  },

  // answer is what the bot did since this seat's last own order.
  answer(app, view) {
    if (!mine(app, view) || view.phase !== "battle" || view.pending) return null;
    const a = answerSince(app.log, (l) => l.team === view.seat, (l) => l.team !== 1 - view.seat);
    if (!a) return null;
    const struck = a.entries.some((l) => /hit|destroy|charge|shoot/i.test(l.text));
    const why = struck
      ? "It struck: the dice are under the battlefield and every hit in the log. Look at which of your units it can reach before you spend your tokens."
      : "It spent its order moving or passed. The learner gives a random order more often than a careful one: take your chances.";
    return { key: `${view.round}:${view.turn}:${a.key}:${a.text.length}`, text: a.text, why };
  },

  closing(app, view) {
    const o = view.outcome || {};
    const won = (o.winners || []).includes(view.seat);
    const draw = !(o.winners || []).length;
    const me = view.sides[view.seat] || {};
    const them = view.sides[1 - view.seat] || {};
    return {
      title: won ? "You won your first battle" : draw ? "A draw in your first battle" : "The bot won this time",
      lines: [
        o.reason || "",
        `You destroyed ${me.destroyed ?? 0} DP; the bot destroyed ${them.destroyed ?? 0} DP.`,
        "You fought a whole battle: building an army, deploying it, orders and their tokens, charges and answers, hits and wounds, and the end of each round.",
        "Next, a real battle: no outline, against a friend or a stronger bot.",
      ].filter(Boolean),
      real: { href: "/battles.html", label: "Fight a real battle", sub: "a new room: you choose the armies and the opponent" },
    };
  },
};

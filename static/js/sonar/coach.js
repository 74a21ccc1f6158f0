// The first dive's coach on the seat page: the seat's current lesson (the
// view's coach field, built by the server from the match) as a card above
// the controls, "Got it" to fold it, the control it is about highlighted,
// and, after a refusal, what to do instead (the refusal's rule code looked
// up in the coach's advice). In a first dive the host's phone also seats
// the learner bots on Red's free seats while the room waits.

import { h, replace } from "../ui.js";

const folded = new Set(); // lesson keys folded with "Got it"
const botAsked = new Set(); // Red seats this phone asked a bot for
let lastRule = ""; // the rule code of this phone's latest refusal

// watchRefusals keeps the rule code of the phone's latest refused order
// (sonar.js shows the sentence; the coach adds what would be legal).
function watchRefusals(app) {
  const conn = app.conn;
  if (!conn || conn.coached) return;
  conn.coached = true;
  const send = conn.send.bind(conn);
  conn.send = async (cmd) => {
    try {
      const out = await send(cmd);
      lastRule = "";
      return out;
    } catch (err) {
      lastRule = err.rule || err.code || "";
      throw err;
    }
  };
}

function firstDive(lobby) {
  let o = lobby?.options;
  if (typeof o === "string") {
    try {
      o = JSON.parse(o);
    } catch {
      o = null;
    }
  }
  return !!o?.first_dive;
}

// seatBots has the host's phone put a bot on every free Red seat of a
// first dive before the start, through the host's ordinary "bot" action.
function seatBots(app) {
  const lobby = app.lobby;
  if (lobby?.state !== "waiting" || !firstDive(lobby) || !lobby.seats?.[app.seat]?.host || !app.conn) return;
  for (const s of lobby.seats) {
    if (s.team === 1 && !s.taken && !s.bot && !botAsked.has(s.seat)) {
      botAsked.add(s.seat);
      app.host("seats", "bot", { seat: s.seat });
    }
  }
}

// usable: shown and not shut (a confirm button waits for its target).
function usable(el) {
  return !!el && el.getClientRects().length > 0 && !el.closest(".hidden") &&
    !el.disabled && el.getAttribute("aria-disabled") !== "true";
}

// highlight marks the latest of the lesson's steps the page offers now:
// the tab first, then the button, then its target, then its confirm.
function highlight(steps) {
  for (const el of document.querySelectorAll(".coach-target")) el.classList.remove("coach-target");
  for (let i = (steps || []).length - 1; i >= 0; i--) {
    let el = null;
    try {
      el = [...document.querySelectorAll(steps[i])].find(usable);
    } catch {
      el = null;
    }
    if (el) {
      el.classList.add("coach-target");
      return steps[i];
    }
  }
  return "";
}

function card(app, c) {
  const l = c.lesson;
  const n = Math.min(c.done.length + (l.repeat ? 0 : 1), c.lessons);
  const advice = lastRule && c.advice?.[lastRule];
  const attrs = {
    class: "card coach", id: "coach-card", role: "region", "aria-label": "Coach",
    "data-lesson": l.id, "data-key": l.key, "data-role": l.role, "data-done": c.done.join(" "),
  };
  if (folded.has(l.key) && !advice) {
    return h("div", { ...attrs, class: "coach folded", "data-folded": "true" },
      h("span", { class: "coach-title" }, "Coach: ", l.title),
      h("button", { class: "coach-show", "aria-label": "Show the lesson", onclick: () => { folded.delete(l.key); app.render(); } }, "Show"));
  }
  return h("div", attrs,
    h("p", { class: "coach-step" }, c.done.length >= c.lessons ? `All ${c.lessons} lessons done: play on`
      : l.repeat ? `Again · ${c.done.length} of ${c.lessons} done` : `Lesson ${n} of ${c.lessons}`),
    h("h3", { class: "coach-title" }, l.title),
    advice ? h("p", { class: "coach-advice", role: "alert", "data-rule": lastRule }, "Refused. ", advice) : null,
    h("p", { class: "coach-text" }, l.text),
    l.why && !l.repeat ? h("p", { class: "coach-why" }, l.why) : null,
    h("button", { class: "coach-ok", id: "coach-ok", onclick: () => { folded.add(l.key); lastRule = ""; app.render(); } }, "Got it"));
}

// closingCard sums the first dive up once the match is over: what the
// crew learned, what the match ended before, and the way to a first real
// match.
function closingCard(c) {
  const cl = c.closing;
  return h("div", { class: "card coach closing", id: "coach-closing", role: "region", "aria-label": "Coach" },
    h("p", { class: "coach-step" }, `Training over · ${c.done.length} of ${c.lessons} lessons done`),
    h("h3", { class: "coach-title" }, cl.title),
    h("p", {}, "You learned to:"),
    h("ul", { class: "coach-learned" }, cl.learned.map((t) => h("li", {}, t))),
    cl.missed?.length ? [h("p", {}, "Not met in this match:"), h("ul", { class: "coach-missed" }, cl.missed.map((t) => h("li", {}, t)))] : null,
    h("p", { class: "coach-next" }, cl.next),
    h("a", { class: "button primary block", id: "coach-real-match", href: "/" }, "Set up a real match"));
}

// coach draws the card and the highlight; sonar.js calls it after every
// render.
export function coach(app) {
  watchRefusals(app);
  seatBots(app);
  let box = document.getElementById("coach");
  if (!box) box = h("div", { id: "coach" });
  // Above the primer while the room waits, above the controls in play.
  const anchor = app.lobby?.state === "waiting"
    ? document.getElementById("primer") || document.getElementById("waiting")
    : document.getElementById("tabs");
  if (anchor && box.nextElementSibling !== anchor) anchor.before(box);
  const c = app.view?.coach;
  const playing = app.lobby?.state === "playing";
  if (c?.closing && app.view?.public?.outcome) {
    replace(box, closingCard(c));
    highlight([]);
    delete document.body.dataset.coach;
    return;
  }
  if (!c?.lesson || !playing) {
    replace(box, app.lobby?.state === "waiting" && firstDive(app.lobby)
      ? h("div", { class: "card coach", id: "coach-card", "data-lesson": "wait" },
        h("h3", { class: "coach-title" }, "Your first dive"),
        h("p", { class: "coach-text" }, "Red is a learner bot crew; the host's phone seats it. Start the match: a card like this one tells each of you what to do, step by step."))
      : null);
    highlight([]);
    delete document.body.dataset.coach;
    return;
  }
  replace(box, card(app, c));
  document.body.dataset.coach = folded.has(c.lesson.key) ? "folded" : "open";
  box.firstChild.dataset.target = highlight(c.lesson.steps);
}

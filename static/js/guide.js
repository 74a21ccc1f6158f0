// The guided first match of a pocket game: one lesson card at a time, read
// from the seat's view as it stands (what to do now, why), the suggested
// move outlined on the page (the view's "suggest": what the game's own bot
// would play at this seat, so always legal), the other side's answer
// explained when it comes back to the player, and a closing card at the
// end that sums up and points to a real match. The engine knows no game:
// each game gives its course (lessons with a predicate on the view, the
// selector to tap next for the suggestion, its words for the answer).

import { h, replace, refusal } from "./ui.js";
import { api, rememberSeat, savedName } from "./room.js";

const seen = new Set(); // lesson ids shown on this phone
const answered = new Set(); // answers folded with "Got it"
let shownLesson = ""; // the lesson on the card now

// guided: the room's options say guided (the lobby keeps them as JSON).
export function guided(app) {
  let o = app.lobby?.options ?? app.view?.options;
  if (typeof o === "string") {
    try {
      o = JSON.parse(o);
    } catch {
      o = null;
    }
  }
  return !!o?.guided;
}

// lessonFor is the course's first lesson that applies to the view and has
// not been shown yet; when every one that applies was, the first that
// applies comes back (a lesson missed returns while it applies).
function lessonFor(course, app, view) {
  const apply = course.lessons.filter((l) => {
    try {
      return l.when(view, app);
    } catch {
      return false;
    }
  });
  if (shownLesson && apply.some((l) => l.id === shownLesson)) return apply.find((l) => l.id === shownLesson);
  return apply.find((l) => !seen.has(l.id)) || apply[0] || null;
}

function words(x, view, app) {
  return typeof x === "function" ? x(view, app) : x;
}

// outline marks the element the suggestion needs tapped next.
function outline(sel) {
  for (const el of document.querySelectorAll(".guide-target")) el.classList.remove("guide-target");
  if (!sel) return "";
  let el = null;
  try {
    el = document.querySelector(sel);
  } catch {
    el = null;
  }
  if (!el) return "";
  el.classList.add("guide-target");
  return sel;
}

// guide draws the card (before the element course.anchor names) and the
// outline; the closing card stands before course.endAnchor if given. The
// game's page calls it after every render. course: { anchor, endAnchor,
// lessons: [{ id, when(view, app), title, text, why, action }], next(app, view)
// (the selector to tap for the suggestion), answer(app, view) ({ key,
// text, why } or null), closing(app, view) ({ title, lines, real } for
// the end) }.
export function guide(app, course) {
  let box = document.getElementById("guide");
  const view = app.view;
  const on = guided(app) && app.seat >= 0 && !app.replay && app.lobby?.state !== "waiting" && !!view;
  if (!on) {
    if (box) replace(box, null);
    outline("");
    delete document.body.dataset.guide;
    return;
  }
  if (!box) box = h("div", { id: "guide", role: "region", "aria-label": "Lesson" });
  const over = view.phase === "over" || !!view.outcome;
  // The closing card may stand elsewhere (above the outcome): endAnchor.
  const anchor = document.getElementById(over ? course.endAnchor || course.anchor : course.anchor);
  if (anchor && box.nextElementSibling !== anchor) anchor.before(box);

  if (over) {
    const c = course.closing(app, view);
    replace(box, h("div", { class: "card guide guide-closing", id: "guide-card", "data-lesson": "closing" },
      h("p", { class: "guide-step" }, `Guided match over · ${seen.size} lessons`),
      h("h3", { class: "guide-title" }, c.title),
      (c.lines || []).map((l) => h("p", { class: "guide-text" }, l)),
      h("a", { class: "button primary block", id: "guide-real", href: c.real.href }, c.real.label,
        c.real.sub ? h("span", { class: "sub" }, c.real.sub) : null)));
    outline("");
    document.body.dataset.guide = "closing";
    return;
  }

  const parts = [];
  const ans = course.answer(app, view);
  if (ans && !answered.has(ans.key)) {
    parts.push(h("div", { class: "guide-answer", id: "guide-answer", "data-key": ans.key },
      h("p", { class: "guide-step" }, "The bot's answer"),
      h("p", { class: "guide-text" }, ans.text),
      ans.why ? h("p", { class: "guide-why" }, ans.why) : null,
      h("button", { class: "guide-ok", id: "guide-ok", onclick: () => { answered.add(ans.key); app.render(); } }, "Got it")));
  }
  const l = lessonFor(course, app, view);
  shownLesson = l ? l.id : "";
  let target = "";
  if (l) {
    const again = seen.has(l.id);
    seen.add(l.id);
    const total = course.lessons.length;
    parts.push(h("div", { class: "guide-lesson", "data-lesson": l.id },
      h("p", { class: "guide-step" }, again ? "Again" : `Lesson ${Math.min(seen.size, total)} of ${total}`),
      h("h3", { class: "guide-title" }, words(l.title, view, app)),
      h("p", { class: "guide-text" }, words(l.text, view, app)),
      l.why && !again ? h("p", { class: "guide-why" }, words(l.why, view, app)) : null,
      // A lesson may carry the one button that plays its suggestion (a
      // whole setup at once).
      l.action ? h("button", { class: "guide-do", id: l.action.id, onclick: () => { l.action.run(app); app.render(); } }, l.action.label) : null));
    // The answer is read first: the outline waits for its "Got it".
    if (!parts[0]?.classList?.contains("guide-answer")) {
      const sel = course.next(app, view);
      if (sel) parts.push(h("p", { class: "guide-hint" }, "The suggested move is outlined: tap it."));
      target = sel || "";
    }
  }
  replace(box, parts.length ? h("div", { class: "card guide", id: "guide-card", "data-lesson": l ? l.id : "answer" }, parts) : null);
  const done = outline(target);
  if (box.firstChild) box.firstChild.dataset.target = done;
  document.body.dataset.guide = l ? l.id : "";
}

// start has a guided room's host fill the other seats with bots and start
// at once: the choice on the create form was the one tap.
export function autoStart(app) {
  const l = app.lobby;
  if (!guided(app) || l?.state !== "waiting" || app.guideStarted || !l.seats?.[app.seat]?.host || !app.conn) return;
  app.guideStarted = true;
  setTimeout(async () => {
    for (const st of l.seats) {
      if (st.seat !== app.seat && !st.taken && !st.bot) {
        await app.host("bot", { seat: st.seat });
        if (app.lobbyError) return;
      }
    }
    await app.host("start");
  }, 0);
}

// learnButton is the create form's first big choice: one tap opens a
// guided room of the game, takes its first seat and goes to the room,
// whose page (autoStart) seats the bots and starts. problem shows a
// refusal.
export function learnButton(game, page, sub, problem) {
  const learn = async () => {
    problem.replaceChildren();
    try {
      const lobby = await api("POST", "/api/rooms", { game, options: { guided: true } });
      const name = savedName() || "You";
      const res = await api("POST", `/api/rooms/${encodeURIComponent(lobby.code)}/seats`, { seat: 0, name });
      rememberSeat(lobby.code, res.seat, res.token, name);
      location.assign(`${page}?room=${encodeURIComponent(lobby.code)}&seat=${res.seat}`);
    } catch (e) {
      problem.replaceChildren(refusal(e.message));
    }
  };
  return h("button", { class: "primary block", id: "learn", onclick: learn }, "Learn to play: a guided first match",
    h("span", { class: "sub" }, sub));
}

// answerSince is the other side's latest turn in a page's log, up to this
// seat's last own action (mine(entry) says which entries those are), as
// { key, lines, entries }; null when nothing came after it.
export function answerSince(log, mine, skip) {
  const them = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const l = log[i];
    if (mine(l)) break;
    if (!skip || !skip(l)) them.unshift(l);
  }
  if (!them.length) return null;
  const lines = them.map((l) => l.text.replace(/\.$/, ""));
  const text = lines.length > 4 ? lines.slice(0, 4).join(". ") + `. And ${lines.length - 4} more.` : lines.join(". ") + ".";
  return { key: String(them[them.length - 1].v ?? them.length), text, entries: them };
}

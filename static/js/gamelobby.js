// The waiting room the pocket games share: the seats to take, the bot (or
// bots), the host's start and the name box. Each game says what it calls
// a match and a seat, and adds its own lines below.

import { h, refusal } from "./ui.js";
import { api, savedName, saveName } from "./room.js";
import { learnButton } from "./guide.js";
import { optionsForm, houseLine } from "./optionsform.js";

// intro is a game's page without a room: its guided first match (the first
// big choice, one tap), its options (the shared form, built from the
// game's option list in the catalogue) and the button that opens a room.
//
// opts: game (its name in the catalogue), title, page, word ("match" or
// "battle"), learn (what the guided match is, under its button), after
// (nodes below the card: the primer).
export function intro(opts) {
  const word = opts.word || "match";
  const box = h("div", { class: "card", id: "intro-card" }, h("h1", {}, opts.title), h("p", { class: "muted" }, "Loading the options…"));
  api("GET", "/api/games").then((list) => {
    const def = (list || []).find((g) => g.name === opts.game);
    if (!def) throw new Error(`this server does not offer ${opts.title}`);
    const form = optionsForm(def, { skip: ["guided"] });
    const problem = h("div", {});
    const create = async () => {
      problem.replaceChildren();
      try {
        const lobby = await api("POST", "/api/rooms", { game: def.name, options: form.read() });
        location.assign(`${opts.page}?room=${encodeURIComponent(lobby.code)}`);
      } catch (e) {
        problem.replaceChildren(refusal(e.message));
      }
    };
    box.replaceChildren(
      h("h1", {}, opts.title),
      h("p", {}, def.summary),
      def.options?.some((o) => o.key === "guided") ? learnButton(def.name, opts.page, opts.learn, problem) : null,
      h("fieldset", {}, h("legend", {}, "Options"), form.basic, form.advanced),
      houseLine(def),
      h("button", { class: "primary block", id: "create", onclick: create }, `New ${word}`),
      problem);
  }).catch((e) => box.replaceChildren(h("h1", {}, opts.title), refusal(e.message)));
  return [box, ...(opts.after || [])];
}

// seatList is the waiting room in two parts, above and below the name box
// (which is not re-rendered): { top, seats }.
//
// opts: title (the heading), page (the game's page, to open a new room),
// word ("match" or "battle"), cls (the class of the seats' box), seatClass
// (a seat's own classes), short (a seat's name on its button and for the
// bots, its label unless said), many (more than two seats: bots fill every
// empty one), more (the nodes below the start, given the seat held).
export function seatList(app, opts) {
  const l = app.lobby;
  const word = opts.word || "match";
  if (!l) {
    return {
      top: app.lobbyError
        ? h("div", {}, refusal(app.lobbyError), h("a", { class: "button", href: opts.page }, `Open a new ${word}`))
        : h("p", { class: "muted" }, "Connecting to room " + app.code + "…"),
      seats: null,
    };
  }
  const short = opts.short || ((st) => st.label);
  const mine = app.seat >= 0 ? l.seats[app.seat] : null;
  const host = !!mine?.host;
  const free = l.seats.filter((st) => !st.taken && !st.bot);
  const take = (seat) => {
    const n = (app.name || "").trim() || savedName() || "Player";
    saveName(n);
    app.take(seat, n);
  };
  const rows = l.seats.map((st) => {
    let who = "free";
    if (st.bot) who = "Bot";
    else if (st.taken) who = st.name || "taken";
    const notes = [];
    if (st.host) notes.push("host");
    if (st.taken && !st.bot) notes.push(st.online ? "online" : "away");
    return h("div", { class: `seat ${opts.seatClass(st)}${st.seat === app.seat ? " mine" : ""}`, "data-seat": st.seat },
      h("span", { class: "label" },
        h("span", { class: "name" }, `${st.label}: ${who}${st.seat === app.seat ? " (you)" : ""}`),
        h("span", { class: "muted small" }, notes.join(", "))),
      !mine && !st.taken && !st.bot
        ? h("button", { class: "primary", "data-take": st.seat, onclick: () => take(st.seat) }, `Play ${short(st)}`)
        : null);
  });
  const others = free.filter((st) => st.seat !== app.seat);
  // A rematch against bots alone starts as soon as its host is back in
  // it: the rematch was the one tap (next.js marks the address).
  if (host && !free.length && !app.autoStarted && new URLSearchParams(location.search).has("rematch") &&
    l.seats.every((st) => st.seat === app.seat || st.bot)) {
    app.autoStarted = true;
    setTimeout(() => app.host("start"), 0);
  }
  // One tap to play alone: the bots take every empty seat and the match
  // starts. A refused step (someone took a seat meanwhile) stops there,
  // its words shown, and the host starts by hand.
  const fill = async () => {
    if (app.filling) return;
    app.filling = true;
    try {
      for (const st of others) {
        await app.host("bot", { seat: st.seat });
        if (app.lobbyError) return;
      }
      await app.host("start");
    } finally {
      app.filling = false;
    }
  };
  const top = h("div", {},
    h("h2", {}, opts.title),
    app.lobbyError ? refusal(app.lobbyError, () => { app.lobbyError = ""; app.render(); }) : null);
  const seats = h("div", opts.cls ? { class: opts.cls } : {},
    h("div", { class: "seats" }, rows),
    host && others.length
      ? h("button", { class: "primary block", id: "bot", disabled: !!app.filling, onclick: fill },
        others.length === 1 ? "Play against the bot" : free.length === l.seats.length - 1 ? "Play against the bots" : "Bots take the empty seats",
        h("span", { class: "sub" }, `${others.length === 1 ? `the bot takes ${others[0].label}` : `bots take ${others.map(short).join(", ")}`}, and the ${word} starts`))
      : null,
    host
      ? h("button", { class: free.length ? "block" : "primary block", id: "start", disabled: free.length > 0, onclick: () => app.host("start") },
        `Start the ${word}`, free.length ? h("span", { class: "sub" }, `every seat needs a player or ${opts.many ? "a" : "the"} bot`) : null)
      : mine
        ? h("p", { class: "notice" }, `The host starts the ${word} when ${opts.many ? "every seat is" : "both seats are"} filled.`)
        : null,
    opts.more ? opts.more(mine) : null);
  return { top, seats };
}

// primerOf keeps the primer card, made by primer(label), across the
// waiting room's re-renders (its picture is drawn once), rebuilt only when
// this phone's seat changes.
export function primerOf(app, label, primer) {
  if (!app.primer || app.primer.label !== label) app.primer = { label, card: primer(label) };
  return app.primer.card;
}

// nameField is the name box above the seats. It is built once and kept out
// of the lobby's re-renders, which would otherwise take its focus away
// whenever another phone comes or goes.
export function nameField(app) {
  app.name = app.name || savedName();
  return h("label", { id: "name-field" }, "Your name ",
    h("input", {
      id: "name", type: "text", maxlength: 24, autocomplete: "nickname",
      placeholder: "Your name", value: app.name,
      oninput: (e) => { app.name = e.target.value; },
    }));
}

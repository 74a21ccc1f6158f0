// Before the match: a new room with its options, the seats, the bot and
// the host's start.

import { h, refusal } from "../ui.js";
import { api, savedName, saveName } from "../room.js";
import { qrCard } from "../waiting.js";
import { primer } from "./help.js";

// intro is the page without a room: pick the options and open a room. The
// options are the catalogue's (GET /api/games), so their keys, labels and
// defaults have one source: the game's Definition.
export function intro(app) {
  const fields = h("fieldset", {}, h("legend", {}, "Options"), h("p", { class: "muted small" }, "Loading the options…"));
  const problem = h("div", {});
  let read = () => ({});
  api("GET", "/api/games").then((list) => {
    const game = (list || []).find((g) => g.name === "gridtactics");
    const boxes = (game?.options || []).filter((o) => o.kind === "bool").map((o) => [o, h("input", { type: "checkbox", id: `opt-${o.key}`, name: o.key, checked: o.default === true })]);
    fields.replaceChildren(h("legend", {}, "Options"),
      ...boxes.map(([o, box]) => h("label", { class: "inline" }, box,
        h("span", {}, o.label, o.help ? h("span", { class: "muted small", style: "display:block" }, o.help) : null))));
    // Only what differs from the defaults travels.
    read = () => Object.fromEntries(boxes.filter(([o, box]) => box.checked !== (o.default === true)).map(([o, box]) => [o.key, box.checked]));
  }).catch((e) => {
    fields.replaceChildren(h("legend", {}, "Options"), refusal(e.message));
  });
  const create = async () => {
    problem.replaceChildren();
    try {
      const lobby = await api("POST", "/api/rooms", { game: "gridtactics", options: read() });
      location.assign(`/tactics.html?room=${encodeURIComponent(lobby.code)}`);
    } catch (e) {
      problem.replaceChildren(refusal(e.message));
    }
  };
  return h("div", { class: "card" },
    h("h1", {}, "Pocket Tactics"),
    h("p", {}, "Two players, 3 soldiers, 2 tanks and 2 artillery each, on an 8×8 grid. Destroy every enemy unit to win. Play on two phones, or one phone against the bot."),
    fields,
    h("button", { class: "primary block", id: "create", onclick: create }, "New match"),
    problem);
}

// lobby is the waiting room: seats to take, the bot, the start. It comes
// in two parts, above and below the name box (which is not re-rendered).
export function lobby(app) {
  const l = app.lobby;
  if (!l) {
    return {
      top: app.lobbyError
        ? h("div", {}, refusal(app.lobbyError), h("a", { class: "button", href: "/tactics.html" }, "Open a new match"))
        : h("p", { class: "muted" }, "Connecting to room " + app.code + "…"),
      seats: null,
    };
  }
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
    return h("div", { class: `seat tx-seat team${st.team}${st.seat === app.seat ? " mine" : ""}`, "data-seat": st.seat },
      h("span", { class: "label" },
        h("span", { class: "name" }, `${st.label}: ${who}${st.seat === app.seat ? " (you)" : ""}`),
        h("span", { class: "muted small" }, notes.join(", "))),
      !mine && !st.taken && !st.bot
        ? h("button", { class: "primary", "data-take": st.seat, onclick: () => take(st.seat) }, `Play ${st.label}`)
        : null);
  });
  const others = free.filter((st) => st.seat !== app.seat);
  const top = h("div", {},
    h("h2", {}, "Pocket Tactics"),
    app.lobbyError ? refusal(app.lobbyError, () => { app.lobbyError = ""; app.render(); }) : null);
  const seats = h("div", { class: "tx-lobby" },
    h("div", { class: "seats" }, rows),
    host && others.length
      ? h("button", { class: "block", id: "bot", onclick: () => app.host("bot", { seat: others[0].seat }) },
        "Play against the bot", h("span", { class: "sub" }, `the bot takes ${others[0].label}`))
      : null,
    host
      ? h("button", { class: "primary block", id: "start", disabled: free.length > 0, onclick: () => app.host("start") },
        "Start the match", free.length ? h("span", { class: "sub" }, "every seat needs a player or the bot") : null)
      : mine
        ? h("p", { class: "notice" }, "The host starts the match when both seats are filled.")
        : null,
    options(app.view),
    qrCard(l.code),
    primerOf(app, mine?.label));
  return { top, seats };
}

// primerOf keeps the primer card across re-renders (its picture is drawn
// once), rebuilt only when this phone's seat changes.
function primerOf(app, label) {
  if (!app.primer || app.primer.label !== label) app.primer = { label, card: primer(label) };
  return app.primer.card;
}

function options(view) {
  if (!view || !view.options) return null;
  const o = view.options;
  const parts = [o.small_board ? "6×6 board" : "8×8 board", o.hidden_setup ? "hidden setup" : "open setup", o.time_limit ? "15-minute limit" : "no time limit"];
  return h("p", { class: "muted small", id: "options" }, "Options: " + parts.join(", "));
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

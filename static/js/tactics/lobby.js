// Before the match: a new room with its options, the seats, the bot and
// the host's start.

import { h, refusal } from "../ui.js";
import { api } from "../room.js";
import { learnButton } from "../guide.js";
import { qrCard } from "../waiting.js";
import { seatList, primerOf } from "../gamelobby.js";
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
    // The guided match is its own big choice above the form.
    const boxes = (game?.options || []).filter((o) => o.kind === "bool" && o.key !== "guided").map((o) => [o, h("input", { type: "checkbox", id: `opt-${o.key}`, name: o.key, checked: o.default === true })]);
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
    // The guided first match: the first big choice, one tap to play.
    learnButton("gridtactics", "/tactics.html", "against the learner bot, one lesson at a time, a suggested move outlined", problem),
    fields,
    h("button", { class: "primary block", id: "create", onclick: create }, "New match"),
    problem);
}

// lobby is the waiting room: seats to take, the bot, the start. It comes
// in two parts, above and below the name box (which is not re-rendered).
export function lobby(app) {
  return seatList(app, {
    title: "Pocket Tactics", page: "/tactics.html", cls: "tx-lobby",
    seatClass: (st) => `tx-seat team${st.team}`,
    more: (mine) => [options(app.view), qrCard(app.lobby.code), primerOf(app, mine?.label, primer)],
  });
}

function options(view) {
  if (!view || !view.options) return null;
  const o = view.options;
  const parts = [o.small_board ? "6×6 board" : "8×8 board", o.hidden_setup ? "hidden setup" : "open setup", o.time_limit ? "15-minute limit" : "no time limit"];
  return h("p", { class: "muted small", id: "options" }, "Options: " + parts.join(", "));
}

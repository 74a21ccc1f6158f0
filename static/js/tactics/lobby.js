// Before the match: a new room with its options, the seats, the bot and
// the host's start.

import { h } from "../ui.js";
import { qrCard } from "../waiting.js";
import { intro as gameIntro, seatList, primerOf } from "../gamelobby.js";
import { primer } from "./help.js";

// intro is the page without a room: the guided match, the options (the
// shared form, from the game's option list in the catalogue) and the
// button that opens a room.
export function intro() {
  return gameIntro({
    game: "gridtactics", title: "Pocket Tactics", page: "/tactics.html",
    learn: "against the learner bot, one lesson at a time, a suggested move outlined",
  });
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

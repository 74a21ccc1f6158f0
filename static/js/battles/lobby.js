// Before the battle: a new room with its options (read from the catalogue),
// the seats, the bot and the host's start.

import { h } from "../ui.js";
import { qrCard } from "../waiting.js";
import { intro as gameIntro, seatList, primerOf } from "../gamelobby.js";
import { primer } from "./help.js";

// intro is the page without a room: the guided match, the options (the
// shared form, from the game's option list in the catalogue) and the
// button that opens a room.
export function intro() {
  return gameIntro({
    game: "battles", title: "Pocket Battles", page: "/battles.html", word: "battle",
    learn: "against the learner bot, one lesson at a time, a suggested order outlined", after: [primer("")],
  });
}

// lobby is the waiting room, in two parts around the name box.
export function lobby(app) {
  const o = app.view?.options;
  return seatList(app, {
    title: "Pocket Battles", page: "/battles.html", word: "battle",
    seatClass: (st) => `bt-seat team${st.team}`,
    more: (mine) => [
      o ? h("p", { class: "small muted", id: "options" }, `Battle of ${o.size} points · ${o.size / 10} tokens each` + (o.round_limit ? ` · at most ${o.round_limit} rounds (house rule)` : "")) : null,
      qrCard(app.lobby.code), primerOf(app, mine?.label, primer)],
  });
}

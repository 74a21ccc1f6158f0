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
    game: "saga", title: "Saga of the Nine Worlds", page: "/saga.html",
    learn: "against the learner bot, one lesson at a time, a suggested move outlined", after: [primer("")],
  });
}

// lobby is the waiting room, in two parts around the name box.
export function lobby(app) {
  const factions = app.view ? h("p", { class: "small muted", id: "options" },
    app.view.players.map((p) => `${p.name}: ${p.faction.name}${p.faction.house ? " (house faction)" : ""}`).join(" · ")) : null;
  return seatList(app, {
    title: "Saga of the Nine Worlds", page: "/saga.html",
    seatClass: (st) => `sg-seat team${st.team}`,
    more: (mine) => [factions, qrCard(app.lobby.code), primerOf(app, mine?.label, primer)],
  });
}

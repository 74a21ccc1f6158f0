// Before the match: a new room with its options, the seats, the bots and
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
    game: "pocketsub", title: "Pocket Sub", page: "/pocketsub.html",
    learn: "against the bot, one lesson at a time, a suggested move outlined", after: [primer("")],
  });
}

// lobby is the waiting room: seats to take, the bots, the start. It comes
// in two parts, above and below the name box (which is not re-rendered).
export function lobby(app) {
  const colour = (st) => st.label.split(" ")[0];
  return seatList(app, {
    title: "Pocket Sub", page: "/pocketsub.html", cls: "ps-lobby", many: true, short: colour,
    seatClass: (st) => `ps-seat c-${colour(st).toLowerCase()}`,
    more: (mine) => [options(app.view), qrCard(app.lobby.code), primerOf(app, mine?.label, primer)],
  });
}

function options(view) {
  if (!view || !view.options) return null;
  const o = view.options;
  const parts = [`${o.players} players`, o.setup === "standard" ? "standard setup" : "introductory layout (house)"];
  if (o.captain) parts.push("Captain's expansion");
  if (o.first_player === "random") parts.push("random first player");
  if (o.running_deep === "adjacent") parts.push("running deep to neighbouring tiles only (house)");
  if (o.mine_supply === "unlimited") parts.push("Mines never run out (house)");
  if (o.strong_current === "forces") parts.push("a Strong Current forces its 4th point (house)");
  if (o.shelter === "encounters") parts.push("Command Centres shelter from enemies only (house)");
  return h("p", { class: "muted small", id: "options" }, "Options: " + parts.join(", "));
}

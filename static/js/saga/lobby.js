// Before the match: a new room with its options, the seats, the bot and
// the host's start.

import { h, refusal } from "../ui.js";
import { api } from "../room.js";
import { learnButton } from "../guide.js";
import { qrCard } from "../waiting.js";
import { seatList, primerOf } from "../gamelobby.js";
import { primer } from "./help.js";

// intro is the page without a room: the options, read from the catalogue,
// and the button that opens a room.
export function intro() {
  const box = h("div", { class: "card", id: "intro-card" }, h("h1", {}, "Saga of the Nine Worlds"), h("p", { class: "muted" }, "Loading the options…"));
  api("GET", "/api/games").then((list) => {
    const def = (list.games || list).find((g) => g.name === "saga");
    if (!def) throw new Error("this server does not offer Saga of the Nine Worlds");
    const fields = {};
    const row = (o) => {
      let sel;
      if (o.kind === "int") {
        // A few round values: the timer is 0 (none) or min-max seconds.
        const steps = [0, 10, 20, 30, 45, 60, 90, 120].filter((n) => n === o.default || (n >= Math.max(o.min || 0, 1) && n <= (o.max || 0)));
        sel = h("select", { id: "opt-" + o.key, "data-int": "1" },
          steps.map((n) => h("option", { value: String(n), selected: n === o.default }, n === 0 ? "No timer" : `${n} seconds`)));
      } else {
        sel = h("select", { id: "opt-" + o.key },
          o.choices.map((c) => h("option", { value: c.value, selected: c.value === o.default }, c.label + (c.house ? (o.key.endsWith("_faction") ? " (house faction)" : " (house)") : ""))));
      }
      fields[o.key] = sel;
      return h("label", { class: "sg-opt" }, o.label, sel, o.help ? h("span", { class: "small muted" }, o.help) : null);
    };
    const known = def.options.filter((o) => o.kind === "choice" || o.kind === "int");
    const rows = known.filter((o) => !o.advanced).map(row);
    const more = known.filter((o) => o.advanced).map(row);
    const problem = h("div", {});
    const create = async () => {
      problem.replaceChildren();
      const options = {};
      for (const [k, el] of Object.entries(fields)) options[k] = el.dataset.int ? Number(el.value) : el.value;
      try {
        const lobby = await api("POST", "/api/rooms", { game: "saga", options });
        location.assign(`/saga.html?room=${encodeURIComponent(lobby.code)}`);
      } catch (e) {
        problem.replaceChildren(refusal(e.message));
      }
    };
    box.replaceChildren(
      h("h1", {}, "Saga of the Nine Worlds"),
      h("p", {}, def.summary),
      learnButton("saga", "/saga.html", "against the learner bot, one lesson at a time, a suggested move outlined", problem),
      h("fieldset", {}, h("legend", {}, "Options"), rows,
        more.length ? h("details", { class: "sg-more" }, h("summary", {}, "More options"), more) : null),
      h("p", { class: "small muted" }, "House content (our design): ", def.house.join("; "), "."),
      h("button", { class: "primary block", id: "create", onclick: create }, "New match"),
      problem);
  }).catch((e) => box.replaceChildren(refusal(e.message)));
  return [box, primer("")];
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

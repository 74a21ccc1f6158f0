// Before the battle: a new room with its options (read from the catalogue),
// the seats, the bot and the host's start.

import { h, refusal } from "../ui.js";
import { api } from "../room.js";
import { learnButton } from "../guide.js";
import { qrCard } from "../waiting.js";
import { seatList, primerOf } from "../gamelobby.js";
import { primer } from "./help.js";

// intro is the page without a room: the options and the button that opens
// a room. Labels, defaults and house marks all come from the Definition.
export function intro() {
  const box = h("div", { class: "card", id: "intro-card" }, h("h1", {}, "Pocket Battles"), h("p", { class: "muted" }, "Loading the options…"));
  api("GET", "/api/games").then((list) => {
    const def = (list.games || list).find((g) => g.name === "battles");
    if (!def) throw new Error("this server does not offer Pocket Battles");
    const fields = {};
    // Each option as a list to pick from: its choices, or each number
    // from Min to Max; house options say they are ours.
    const row = (o) => {
      // (A zero Min or Max is left out of the catalogue's JSON.)
      const lo = o.min ?? 0;
      const values = o.kind === "int" ? Array.from({ length: (o.max ?? 0) - lo + 1 }, (_, i) => ({ value: lo + i, label: String(lo + i) })) : o.choices || [];
      const sel = h("select", { id: "opt-" + o.key },
        values.map((c) => h("option", { value: String(c.value), selected: c.value === o.default }, c.label)));
      fields[o.key] = [o, sel];
      return h("label", { class: "bt-opt" }, h("span", {}, o.label, o.house ? h("span", { class: "house-tag" }, " HOUSE") : null), sel,
        o.help ? h("span", { class: "small muted" }, o.help) : null);
    };
    // The guided battle is its own big choice above the form.
    const offered = def.options.filter((o) => o.key !== "guided");
    const rows = offered.filter((o) => !o.advanced).map(row);
    const more = offered.filter((o) => o.advanced).map(row);
    const problem = h("div", {});
    const create = async () => {
      problem.replaceChildren();
      const options = {};
      for (const [k, [o, el]] of Object.entries(fields)) options[k] = typeof o.default === "number" ? Number(el.value) : el.value;
      try {
        const lobby = await api("POST", "/api/rooms", { game: "battles", options });
        location.assign(`/battles.html?room=${encodeURIComponent(lobby.code)}`);
      } catch (e) {
        problem.replaceChildren(refusal(e.message));
      }
    };
    box.replaceChildren(
      h("h1", {}, "Pocket Battles"),
      h("p", {}, def.summary),
      learnButton("battles", "/battles.html", "against the learner bot, one lesson at a time, a suggested order outlined", problem),
      h("fieldset", {}, h("legend", {}, "Options"), rows,
        more.length ? h("details", { id: "more-options" }, h("summary", { class: "bt-more" }, "More options"), more) : null),
      h("p", { class: "small muted", id: "house" }, h("span", { class: "house-tag" }, "HOUSE"), " Our design, not the publisher's: ", def.house.join("; "), "."),
      h("button", { class: "primary block", id: "create", onclick: create }, "New battle"),
      problem);
  }).catch((e) => box.replaceChildren(refusal(e.message)));
  return [box, primer("")];
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

// Before the match: a new room with its options, the seats, the bots and
// the host's start.

import { h, refusal } from "../ui.js";
import { api } from "../room.js";
import { learnButton } from "../guide.js";
import { qrCard } from "../waiting.js";
import { seatList, primerOf } from "../gamelobby.js";
import { primer } from "./help.js";

// field is one option of the catalogue as a form control, with a reader of
// its value.
function field(o) {
  const id = `opt-${o.key}`;
  const help = o.help ? h("span", { class: "muted small", style: "display:block" }, o.help) : null;
  const house = o.house ? h("span", { class: "house" }, "house") : null;
  if (o.kind === "bool") {
    const box = h("input", { type: "checkbox", id, name: o.key, checked: o.default === true });
    return { node: h("label", { class: "inline" }, box, h("span", {}, o.label, " ", house, help)), read: () => box.checked };
  }
  const sel = h("select", { id, name: o.key });
  if (o.kind === "int") {
    for (let n = o.min; n <= o.max; n++) sel.append(h("option", { value: String(n), selected: n === o.default }, String(n)));
    return { node: h("label", {}, o.label, " ", sel, help), read: () => Number(sel.value) };
  }
  for (const c of o.choices || []) {
    sel.append(h("option", { value: JSON.stringify(c.value), selected: c.value === o.default }, c.label + (c.house && !/house/i.test(c.label) ? " (house)" : "")));
  }
  return { node: h("label", {}, o.label, " ", house, sel, help), read: () => JSON.parse(sel.value) };
}

// intro is the page without a room: pick the options and open a room. The
// options are the catalogue's (GET /api/games), so their keys, labels and
// defaults have one source: the game's Definition.
export function intro() {
  const fields = h("fieldset", {}, h("legend", {}, "Options"), h("p", { class: "muted small" }, "Loading the options…"));
  const problem = h("div", {});
  let read = () => ({});
  api("GET", "/api/games").then((list) => {
    const game = (list || []).find((g) => g.name === "pocketsub");
    // The guided match is its own big choice above the form.
    const opts = (game?.options || []).filter((o) => o.key !== "guided").map((o) => [o, field(o)]);
    const basic = opts.filter(([o]) => !o.advanced).map(([, f]) => f.node);
    const advanced = opts.filter(([o]) => o.advanced).map(([, f]) => f.node);
    fields.replaceChildren(h("legend", {}, "Options"), ...basic,
      advanced.length ? h("details", {}, h("summary", {}, "More options"), ...advanced) : null);
    // Only what differs from the defaults travels.
    read = () => Object.fromEntries(opts.map(([o, f]) => [o.key, f.read()]).filter(([k, v]) => v !== opts.find(([o]) => o.key === k)[0].default));
  }).catch((e) => {
    fields.replaceChildren(h("legend", {}, "Options"), refusal(e.message));
  });
  const create = async () => {
    problem.replaceChildren();
    try {
      const lobby = await api("POST", "/api/rooms", { game: "pocketsub", options: read() });
      location.assign(`/pocketsub.html?room=${encodeURIComponent(lobby.code)}`);
    } catch (e) {
      problem.replaceChildren(refusal(e.message));
    }
  };
  return [
    h("div", { class: "card" },
      h("h1", {}, "Pocket Sub"),
      h("p", {}, "2 to 4 fleet commanders (with 4, two teams of 2). Move a Sub, lay a Mine behind it, sink the others: the last fleet afloat wins. Play on a phone each, or alone against bots."),
      learnButton("pocketsub", "/pocketsub.html", "against the bot, one lesson at a time, a suggested move outlined", problem),
      fields,
      h("button", { class: "primary block", id: "create", onclick: create }, "New match"),
      problem),
    primer(""),
  ];
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

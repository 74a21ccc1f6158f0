// The one options form of every game, drawn from the game's option list in
// the catalogue (GET /api/games, games.Definition.Options): keys, labels,
// kinds, defaults, help and house marks have one source, the Definition.
// The home page's lobby and each game's own page build their forms here.

import { h } from "./ui.js";

// houseTag marks an option or a choice that is our design, unless its
// label already says so.
function houseTag(label, text) {
  return /\bhouse\b/i.test(label) ? null : h("span", { class: "house-tag" }, text);
}

// field is one option as a form control: a box for a bool, a number for an
// int, buttons for a short choice in view (up to 3), a list otherwise.
// Values travel as JSON, so a choice of numbers reads back as a number.
// It answers { node, read, control }, control being { input | inputs,
// set(value), lock(on) } for the options another one implies.
function field(o) {
  const id = `opt-${o.key}`;
  const house = o.house ? houseTag(o.label, " house rule") : null;
  const help = o.help ? h("span", { class: "muted small block" }, o.help) : null;
  if (o.kind === "bool") {
    const input = h("input", { type: "checkbox", name: o.key, id, checked: o.default === true });
    return {
      // The help under the box, not in a column squeezed beside it.
      node: h("div", {}, h("label", { class: "inline" }, input, o.label, house), help),
      read: () => input.checked,
      control: { input, set: (v) => { input.checked = v === true; }, lock: (on) => { input.disabled = on; } },
    };
  }
  if (o.kind === "int") {
    // (A zero Min or Max is left out of the catalogue's JSON.)
    const input = h("input", { type: "number", name: o.key, id, min: o.min ?? 0, max: o.max ?? 0, value: o.default, inputmode: "numeric" });
    return {
      node: h("label", {}, o.label, house, " ", input, help),
      read: () => Number(input.value),
      control: { input, set: (v) => { input.value = v; }, lock: (on) => { input.disabled = on; } },
    };
  }
  const chosen = JSON.stringify(o.default);
  const choices = o.choices || [];
  const tag = (c) => (c.house ? houseTag(c.label, " (house)") : null);
  if (choices.length <= 3 && !o.advanced) {
    const radios = choices.map((c) => h("input", { type: "radio", name: o.key, value: JSON.stringify(c.value), checked: JSON.stringify(c.value) === chosen }));
    return {
      node: h("fieldset", { id }, h("legend", {}, o.label, house),
        choices.map((c, k) => h("label", { class: "inline" }, radios[k], c.label, tag(c))), help),
      read: () => JSON.parse(radios.find((r) => r.checked)?.value ?? chosen),
      control: {
        inputs: radios,
        set: (v) => { for (const r of radios) r.checked = r.value === JSON.stringify(v); },
        lock: (on) => { for (const r of radios) r.disabled = on; },
      },
    };
  }
  const select = h("select", { name: o.key, id },
    choices.map((c) => h("option", { value: JSON.stringify(c.value), selected: JSON.stringify(c.value) === chosen },
      c.label + (tag(c) ? " (house)" : ""))));
  return {
    node: h("label", {}, o.label, house, " ", select, help),
    read: () => JSON.parse(select.value),
    control: { input: select, set: (v) => { select.value = JSON.stringify(v); }, lock: (on) => { select.disabled = on; } },
  };
}

// optionsForm draws game's options and answers { basic, advanced, apart,
// controls, read }: basic the nodes in view, advanced the folded ones in a
// <details id="more-options"> titled more (null when none), apart the
// nodes of the keys in apart by key (options a page shows on their own:
// the teaching choice of a first match), read the options JSON: only the
// values that differ from the game's defaults, so a default the game
// derives is never overridden by the form. The keys in skip are left out:
// the page offers them otherwise (the guided match is its own big button).
export function optionsForm(game, { skip = [], apart = [], more = "More options" } = {}) {
  const all = (game.options || []).filter((o) => !skip.includes(o.key)).map((o) => [o, field(o)]);
  const list = (advanced) => all.filter(([o]) => !apart.includes(o.key) && !!o.advanced === advanced).map(([, f]) => f.node);
  const folded = list(true);
  return {
    basic: list(false),
    advanced: folded.length ? h("details", { id: "more-options" }, h("summary", { class: "button" }, more), folded) : null,
    apart: Object.fromEntries(all.filter(([o]) => apart.includes(o.key)).map(([o, f]) => [o.key, f.node])),
    controls: Object.fromEntries(all.map(([o, f]) => [o.key, f.control])),
    read: () => {
      const out = {};
      for (const [o, f] of all) {
        const v = f.read();
        if (JSON.stringify(v) !== JSON.stringify(o.default)) out[o.key] = v;
      }
      return out;
    },
  };
}

// houseLine is the game's house content, as the lobby says it: ours, not
// the publisher's. Null for a game without any.
export function houseLine(game) {
  return game.house?.length
    ? h("p", { class: "muted small", id: "house-content", "data-house": "1" },
      h("span", { class: "house-tag" }, "House content"), " (our design, not the publisher's): ", game.house.join("; "), ".")
    : null;
}

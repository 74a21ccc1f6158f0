// Small DOM helpers shared by every page: element builders, the damage
// track, refusal banners, the screen wake lock and vibration.

const SVGNS = "http://www.w3.org/2000/svg";

function put(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.setAttribute("class", v);
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// h builds an HTML element: h("button", {class: "primary", onclick}, "Go").
export function h(tag, attrs, ...children) {
  return put(document.createElement(tag), attrs, children);
}

// s builds an SVG element.
export function s(tag, attrs, ...children) {
  return put(document.createElementNS(SVGNS, tag), attrs, children);
}

// replace swaps the children of el for the given nodes.
export function replace(el, ...nodes) {
  el.replaceChildren(...nodes.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false));
}

// damageTrack draws the four damage boxes of a submarine.
export function damageTrack(damage, big = false) {
  const boxes = [];
  for (let i = 0; i < 4; i++) {
    boxes.push(h("span", { class: "box" + (i < damage ? " hit" : "") }));
  }
  return h("span", { class: "damage" + (big ? " big" : ""), role: "img", "aria-label": `damage ${damage} of 4` }, boxes);
}

// refusal is the banner that shows a refused order in the server's words
// next to the control that was used; tapping ✕ dismisses it. rule, when
// given, is the rule's code: kept in data-rule for tests and machines,
// never in the sentence a player reads (the words already name the rule).
export function refusal(text, onClose, rule) {
  return h("div", { class: "refusal", role: "alert", "data-rule": rule || null },
    h("span", { class: "grow" }, text),
    onClose ? h("button", { "aria-label": "dismiss", onclick: onClose }, "✕") : null);
}

export function crewTag(crew) {
  return h("span", { class: "crewtag " + crew }, crew === "blue" ? "BLUE" : "RED");
}

export const roleTitles = {
  captain: "Captain",
  first_mate: "First Mate",
  engineer: "Engineer",
  radio_operator: "Radio Operator",
};

export const roleShort = {
  captain: "Captain",
  first_mate: "1st Mate",
  engineer: "Engineer",
  radio_operator: "Radio",
};

// vibrate buzzes the phone where the browser allows it.
export function vibrate(pattern) {
  try {
    if (navigator.vibrate) navigator.vibrate(pattern);
  } catch {
    // Some browsers refuse without a user gesture: a silent phone is fine.
  }
}

// wakeLock keeps the screen on while wanted() holds, re-acquiring the lock
// when the page becomes visible again (browsers drop it on hide).
export function wakeLock(wanted) {
  let lock = null;
  async function sync() {
    if (!("wakeLock" in navigator)) return;
    const want = wanted() && document.visibilityState === "visible";
    if (want && !lock) {
      try {
        lock = await navigator.wakeLock.request("screen");
        lock.addEventListener("release", () => { lock = null; });
      } catch {
        lock = null; // denied (battery saver): the match goes on
      }
    } else if (!want && lock) {
      const l = lock;
      lock = null;
      l.release().catch(() => {});
    }
  }
  document.addEventListener("visibilitychange", sync);
  return sync;
}

// cellName is "E5" for column 4, row 4 (0-based).
export function cellName(col, row) {
  return String.fromCharCode(65 + col) + String(row + 1);
}

// parseCell reads "E5" into {col, row} (0-based).
export function parseCell(name) {
  const m = /^([A-Za-z])(\d{1,2})$/.exec(name || "");
  if (!m) return null;
  return { col: m[1].toUpperCase().charCodeAt(0) - 65, row: Number(m[2]) - 1 };
}

export const dirs = ["NORTH", "EAST", "SOUTH", "WEST"];
export const dirStep = { NORTH: [0, -1], EAST: [1, 0], SOUTH: [0, 1], WEST: [-1, 0] };
export const dirArrow = { NORTH: "↑", EAST: "→", SOUTH: "↓", WEST: "←" };

// sectorOf numbers sectors from 1, left to right then top to bottom, as the
// engine does (5x5 sectors).
export function sectorOf(size, cell) {
  const per = size / 5;
  return Math.floor(cell.row / 5) * per + Math.floor(cell.col / 5) + 1;
}

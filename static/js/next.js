// What next, once a match is over, the same on every game's phones and in
// the same place (right under the top bar): a rematch with the same seats
// (or the sides swapped), the replay, the debrief, the stats, the lobby;
// the host also closes the room. The block is built once per room and
// kept, so re-rendering the end screen does not restart its polling. A
// player's phone may open the rematch (it holds a seat token); every
// phone, the table screen included, polls for the rematch someone else
// opened and offers to follow it. endBanner above it says who won, to
// this phone: Victory and Defeat differ by their word and their shape,
// not by colour alone.

import { h, replace } from "./ui.js";
import { api, roomCode, seatToken, rememberSeat, pageFor } from "./room.js";

const POLL = 3000;
const blocks = new Map();

// RESULTS are the three ends a player can meet, each with its word and its
// shape; a phone that watches gets "over" (who won, no verdict).
const RESULTS = {
  victory: { word: "Victory", icon: "★" },
  defeat: { word: "Defeat", icon: "✕" },
  draw: { word: "Draw", icon: "=" },
  over: { word: "Match over", icon: "⚑" },
};

// RESULT_ICONS are the results' shapes, for a page that writes its own
// banner (Captain Sonar's).
export const RESULT_ICONS = Object.fromEntries(Object.entries(RESULTS).map(([k, r]) => [k, r.icon]));

// resultFor is this phone's end: "victory" or "defeat" for a seat (mine is
// its team, winners the outcome's winning teams), "draw" when nobody (or
// everybody) won, "over" for a phone that only watches.
export function resultFor(outcome, mine) {
  const w = outcome?.winners || [];
  if (w.length !== 1) return "draw";
  if (mine === undefined || mine === null || mine < 0) return "over";
  return w[0] === mine ? "victory" : "defeat";
}

// endBanner says how the match ended, to this phone: the result's word
// and shape in large letters, then head (who won, in the game's words:
// "Raven wins"), reason, and extra nodes (scores). winner goes to
// data-winner; cls adds the game's own classes.
export function endBanner({ result, head, reason, extra, winner, cls }) {
  const r = RESULTS[result] || RESULTS.over;
  return h("div", { class: `outcome end ${result}${cls ? " " + cls : ""}`, id: "result", "data-winner": winner ?? -1, "data-result": result, role: "status" },
    h("div", { class: "end-head" },
      h("span", { class: "end-icon", "aria-hidden": "true" }, r.icon),
      h("span", { class: "end-word" }, r.word)),
    head && head !== r.word ? h("div", { class: "end-who" }, head) : null,
    reason ? h("div", { class: "small" }, reason) : null,
    extra || null);
}

// whatNext returns the block for the room on this page. opts.table marks
// the table screen: it follows the rematch to its table screen. opts.game
// names the game, opts.page its page (a pocket game's own page, where the
// rematch opens: "/saga.html").
export function whatNext(opts = {}) {
  const code = opts.code || roomCode();
  if (blocks.has(code)) return blocks.get(code).el;
  const seatParam = new URLSearchParams(location.search).get("seat");
  const held = opts.table ? null : seatToken(code, seatParam);
  const st = { code, held, game: opts.game || "sonar", page: opts.page || "", rematch: null, error: "", busy: false };
  st.el = h("section", { class: "card next", id: "what-next", "aria-label": "what next" });
  blocks.set(code, st);
  draw(st);
  poll(st);
  if (held) {
    // Only the host may close the room: ask the lobby who that is.
    api("GET", `/api/rooms/${encodeURIComponent(code)}`).then((l) => {
      st.host = !!l.seats?.[held.seat]?.host;
      draw(st);
    }, () => {});
  }
  return st.el;
}

// closeRoom asks once more, then closes the room for every phone.
async function closeRoom(st) {
  if (!st.confirmClose) {
    st.confirmClose = true;
    draw(st);
    return;
  }
  try {
    await api("POST", `/api/rooms/${encodeURIComponent(st.code)}/close`, { token: st.held.token });
    location.href = "/";
  } catch (err) {
    st.error = `The room stays open: ${err.message}`;
    st.confirmClose = false;
    draw(st);
  }
}

// poll asks every few seconds whether someone opened the rematch; a
// hidden page (a phone in a pocket) asks five times less often.
async function poll(st) {
  while (!st.rematch) {
    try {
      // {"pending": true} until someone asks; a 404 when the room is gone.
      const m = await api("GET", `/api/rooms/${encodeURIComponent(st.code)}/rematch`);
      if (m?.code) {
        st.rematch = m;
        draw(st);
        return;
      }
    } catch (err) {
      // The room is gone: no rematch can come. Otherwise the Wi-Fi blinked.
      if (/no room/.test(err.message)) return;
    }
    await new Promise((r) => setTimeout(r, document.visibilityState === "visible" ? POLL : 2 * POLL));
  }
}

async function ask(st, swap) {
  st.busy = true;
  st.error = "";
  draw(st);
  try {
    st.rematch = await api("POST", `/api/rooms/${encodeURIComponent(st.code)}/rematch`, { token: st.held.token, swap });
    join(st); // the one who asked goes straight to their seat
    return;
  } catch (err) {
    st.error = `No rematch: ${err.message}`;
  }
  st.busy = false;
  draw(st);
}

// join takes this phone's seat of the rematch: the same token opens it.
function join(st) {
  const m = st.rematch;
  const seat = m.seats[String(st.held.seat)];
  rememberSeat(m.code, seat, st.held.token, st.held.name);
  location.href = st.page ? `${st.page}?room=${encodeURIComponent(m.code)}&seat=${seat}&rematch=1` : pageFor(st.game, m.code, seat);
}

function draw(st) {
  const m = st.rematch;
  const parts = [h("h3", {}, "What next?")];
  if (m) {
    const mine = st.held && m.seats[String(st.held.seat)] !== undefined;
    parts.push(h("p", { id: "rematch-ready", "data-rematch": m.code },
      `Rematch ready in room ${m.code}` + (m.swapped ? ", sides swapped." : ", same seats.")));
    if (mine) {
      parts.push(h("button", { class: "primary", id: "join-rematch", onclick: () => join(st) }, "Take my seat in the rematch"));
    } else {
      parts.push(h("a", { class: "button primary", id: "open-rematch", href: `/table/${m.code}` }, "Open the rematch's table screen"));
    }
  } else if (st.held) {
    parts.push(h("div", { class: "row" },
      h("button", { class: "primary", id: "rematch", disabled: st.busy, onclick: () => ask(st, false) }, "Rematch, same seats"),
      h("button", { id: "rematch-swap", disabled: st.busy, onclick: () => ask(st, true) }, "Rematch, swap sides")));
    parts.push(h("p", { class: "small muted" }, "Everyone keeps their phone's seat; the host starts it. The host can still move seats before the start."));
  } else {
    parts.push(h("p", { class: "small muted", id: "rematch-wait" }, "A player can ask for a rematch from their phone: it shows here."));
  }
  if (st.error) parts.push(h("p", { class: "refusal", role: "alert" }, st.error));
  parts.push(h("nav", { class: "row next-links", "aria-label": "after the match" },
    h("a", { class: "button", href: `/match/${st.code}`, id: "open-replay" }, "Watch the replay"),
    h("a", { class: "button", href: `/match/${st.code}#debrief`, id: "open-debrief" }, "Debrief"),
    h("a", { class: "button", href: "/history#stats", id: "open-stats" }, "Stats"),
    h("a", { class: "button", href: "/", id: "open-lobby" }, "Back to the lobby")));
  // Closing the room ends it for every phone: last, apart, asked twice.
  if (st.host) {
    parts.push(h("button", { class: "danger block", id: "close-room", onclick: () => closeRoom(st) },
      st.confirmClose ? "Tap again: close the room for every phone" : "Close the room (host)"));
  }
  replace(st.el, parts);
}

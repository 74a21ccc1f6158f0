// Claims: a phone that lost its seat mid-match (a dead battery, a new
// phone) asks for it back from the lobby; a player of that seat's own side
// may let it in. A seat whose phone is gone may have nobody left on its
// side (a 1-against-1 match): the host may answer for it too, and with no
// host connected any player, after a wait the server counts (it says how
// long is left). Every game page gets this banner through its Conn: it
// lists those claims with Let in / Refuse.
import { h, replace } from "./ui.js";

let box = null;

export function showClaims(conn, lobby) {
  const seat = conn.seat;
  const mine = seat !== null && seat >= 0 ? lobby.seats?.[seat] : null;
  const hostOnline = (lobby.seats || []).some((s) => s.host && s.online);
  const mayAnswer = (c) => {
    const claimed = lobby.seats[c.seat];
    if (claimed?.team === mine.team) return true;
    return claimed && !claimed.online && (mine.host || !hostOnline);
  };
  const claims = mine ? (lobby.claims || []).filter(mayAnswer) : [];
  if (!box) {
    if (!claims.length) return;
    box = h("div", { class: "claims", role: "region", "aria-label": "requests for seats", "aria-live": "assertive" });
    document.body.append(box);
  }
  replace(box, claims.map((c) => claimCard(conn, lobby, c)));
  box.hidden = claims.length === 0;
}

function claimCard(conn, lobby, c) {
  const label = lobby.seats[c.seat]?.label ?? `seat ${c.seat}`;
  const held = lobby.seats[c.seat]?.taken ? `, now held by ${lobby.seats[c.seat].name}` : "";
  const gone = !lobby.seats[c.seat]?.online ? " Its phone is gone." : "";
  const status = h("span", { class: "claim-status" });
  const answer = (allow) => async () => {
    try {
      await conn.grant(c.id, allow);
    } catch (err) {
      status.textContent = err.message;
    }
  };
  return h("div", { class: "claim", dataset: { claim: c.id } },
    h("p", {}, h("strong", {}, c.name), ` asks to take ${label}${held}.${gone} Let it in only if that phone is yours, a team-mate's, or that player's new one.`),
    h("div", { class: "row" },
      h("button", { class: "primary", onclick: answer(true), "data-allow": "1" }, "Let in"),
      h("button", { onclick: answer(false), "data-allow": "0" }, "Refuse")),
    status);
}

// Which room a page is about, the seat tokens this phone holds, and the
// lobby HTTP API.

// roomCode reads the room from /join/CODE, /table/CODE (and any /x/CODE
// path the server routes to a page) or from ?room=CODE.
export function roomCode() {
  const q = new URLSearchParams(location.search).get("room");
  if (q) return q.trim().toUpperCase();
  const m = /^\/(?:join|table|play|room)\/([A-Za-z0-9]+)\/?$/.exec(location.pathname);
  return m ? m[1].toUpperCase() : "";
}

const SEATS = "periscope.seats";
const NAME = "periscope.name";

function loadSeats() {
  try {
    const all = JSON.parse(localStorage.getItem(SEATS) || "{}");
    return all && typeof all === "object" ? all : {};
  } catch {
    return {};
  }
}

function saveSeats(all) {
  try {
    localStorage.setItem(SEATS, JSON.stringify(all));
  } catch {
    // Private mode without storage: the seat lasts as long as the page.
  }
}

// rememberSeat keeps a seat's token on this phone.
export function rememberSeat(code, seat, token, name) {
  const all = loadSeats();
  const r = all[code] || { seats: {} };
  r.seats[seat] = { token, name, at: Date.now() };
  r.last = seat;
  all[code] = r;
  // Keep the twenty most recent rooms: old tokens are of no use.
  const codes = Object.keys(all).sort((a, b) => latest(all[b]) - latest(all[a]));
  for (const c of codes.slice(20)) delete all[c];
  saveSeats(all);
}

function latest(r) {
  return Math.max(0, ...Object.values(r.seats || {}).map((s) => s.at || 0));
}

// seatToken returns {seat, token} for the seat asked for, or the last seat
// this phone took in the room; null when it holds none.
export function seatToken(code, seat) {
  const r = loadSeats()[code];
  if (!r) return null;
  const n = seat !== null && seat !== undefined && seat !== "" ? Number(seat) : r.last;
  const s = r.seats?.[n];
  return s ? { seat: Number(n), token: s.token, name: s.name } : null;
}

// heldSeats lists the seats this phone holds in the room.
export function heldSeats(code) {
  const r = loadSeats()[code];
  return r ? Object.keys(r.seats || {}).map(Number) : [];
}

export function forgetSeat(code, seat) {
  const all = loadSeats();
  const r = all[code];
  if (!r) return;
  delete r.seats[seat];
  if (r.last === seat || String(r.last) === String(seat)) delete r.last;
  saveSeats(all);
}

export function savedName() {
  try {
    return localStorage.getItem(NAME) || "";
  } catch {
    return "";
  }
}

export function saveName(name) {
  try {
    localStorage.setItem(NAME, name);
  } catch {
    // See saveSeats.
  }
}

// api calls the lobby API and throws an Error with the server's own words.
export async function api(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new Error("the server cannot be reached: is this phone on the game's Wi-Fi?");
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    throw new Error(data?.error || data?.message || `the server answered ${res.status}`);
  }
  return data;
}

// pages maps each game of the catalogue (GET /api/games) to its page.
const pages = new Map([["sonar", "/sonar.html"], ["gridtactics", "/tactics.html"]]);

// useCatalogue learns the page of every game the server offers.
export function useCatalogue(games) {
  for (const g of games || []) if (g.page) pages.set(g.name, g.page);
}

// pageFor is where a seat of the given game plays.
export function pageFor(game, code, seat) {
  const q = `room=${encodeURIComponent(code)}` + (seat === undefined ? "" : `&seat=${seat}`);
  const page = pages.get(game);
  return page ? `${page}?${q}` : `/?room=${encodeURIComponent(code)}`;
}

// joinURL is the address other phones open to join.
export function joinURL(code) {
  return `${location.origin}/join/${code}`;
}

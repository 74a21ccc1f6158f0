// Why an order is closed, in words. The crew view says it in brief, as the
// refusal's rule code and its few parameters ("island:C3",
// "not_ready:TORPEDO,2,3": RuleError.Why in sonar/errors.go), all packed in
// own.why (briefs below), so that the frames stay small; this table words each code as the engine words the
// refusal itself (the message a player gets when tapping anyway). The codes
// are those of docs/protocol.md ("Captain Sonar rule codes").

const blackoutTail = ". BLACKOUT: no heading is open, you must surface";

// Each entry takes the parameters (p) and the view (v, for the outcome).
const words = {
  // The match.
  not_started: () => "the match has not started yet",
  match_over: (p, v) => {
    const why = v?.public?.outcome?.reason;
    return why ? `the match is over: ${why}` : "the match is over";
  },
  awaiting_starts: () => "wait until both Captains have chosen their start positions",
  // Waiting for another step.
  sonar_pending: (p) => `wait: the ${p[0]} Captain must answer the sonar first`,
  awaiting_ok: (p) => {
    const who = [];
    if (p.includes("fm")) who.push("First Mate");
    const panel = p.find((x) => x !== "fm");
    if (panel) who.push(`Engineer (mark a symbol in the ${panel} panel)`);
    return `wait for the OK of the ${who.join(" and the ")}`;
  },
  surfaced: () => "your submarine is surfaced: nothing else until it dives",
  // Turn-based timing.
  not_your_turn: (p) => `it is ${p[0]}'s turn`,
  one_course_a_turn: (p) => p[0] === "silence"
    ? "one course a turn: silence replaces the course"
    : "one course a turn: use a system or end the turn",
  course_first: () => "announce the turn's course first: systems come after it",
  one_system_a_turn: () => "one system a turn: end the turn",
  // Movement.
  off_map: (p) => `heading ${p[0]} from ${p[1]} leaves the map: a submarine stays on the map`,
  island: (p) => `${p[0]} is an island: a submarine sails on water only`,
  own_route: (p) => `${p[0]} is on your route: a submarine never crosses its own route`,
  own_mine: (p) => `${p[0]} holds one of your mines: a submarine never enters its own mine`,
  blackout: () => "BLACKOUT: no heading is open, so not even a silence of 0 spaces: you must surface",
  silence_distance: (p) => `a silence moves ${p[0]} to 4 spaces in a straight line, not ${p[1]}`,
  // Systems.
  not_ready: (p) => `${p[0]} is not ready: its gauge is ${p[1]}/${p[2]}`,
  breakdown: (p) => `${p[0]} is broken down: a ${p[1]} symbol is crossed out on the Engineer's sheet`,
  course_between_systems: () => "announce a course before using another system",
  no_scenario_system: () => "this map has no scenario system",
  // Real-time surfacing (the surfacing card shows the holder itself).
  engineer_starts: () => "the Engineer traces the first section, then passes the sheet on",
  sheet_elsewhere: (p) => `the sheet is with the ${p[0]}: one role traces at a time, passing it from the Engineer to the First Mate, the Captain and the Radio Operator`,
};

// briefs reads own.why, the reasons of the Captain's closed orders packed
// in one string (sonar.CrewView.PackWhy): entries for the gauges in their
// order, the courses, the silences and surfacing, joined by ";", "=" for
// an entry equal to the one before, "" for an open order; one entry alone
// when all are the same. It gives each order's brief reason ("" if open).
const unpacked = new WeakMap();
export function briefs(own) {
  if (!own) return { gauge: () => "", course: () => "", silence: () => "", surface: "" };
  const done = unpacked.get(own);
  if (done && done.why === own.why) return done;
  const gauges = own.gauges || [], courses = own.courses || [], silences = own.silences || [];
  const n = gauges.length + courses.length + silences.length + 1;
  let parts = (own.why || "").split(";");
  if (parts.length === 1) parts = Array(n).fill(parts[0]);
  for (let i = 1; i < parts.length; i++) if (parts[i] === "=") parts[i] = parts[i - 1];
  const at = (list, off) => new Map(list.map((x, i) => [x.system || x.dir, parts[off + i] || ""]));
  const g = at(gauges, 0), c = at(courses, gauges.length), s = at(silences, gauges.length + courses.length);
  const out = {
    why: own.why,
    gauge: (system) => g.get(system) || "",
    course: (dir) => c.get(dir) || "",
    silence: (dir) => s.get(dir) || "",
    surface: parts[n - 1] || "",
  };
  unpacked.set(own, out);
  return out;
}

// codeOf is the rule code of a brief reason.
export function codeOf(why) {
  if (!why) return "";
  const i = why.indexOf(":");
  return i < 0 ? why : why.slice(0, i);
}

// reason words a brief reason from the view ("" when there is none). v, the
// page's view, gives the outcome of a match that is over.
export function reason(why, v) {
  if (!why) return "";
  const code = codeOf(why);
  const p = why.length > code.length ? why.slice(code.length + 1).split(",") : [];
  const f = words[code];
  return f ? f(p, v) : [code.replace(/_/g, " "), ...p].join(" ");
}

// courseReason words a closed heading: when no heading is open, the
// heading's own rule is followed by what it means now, as the engine says.
export function courseReason(why, v) {
  const r = reason(why, v);
  const step = ["off_map", "island", "own_route", "own_mine"].includes(codeOf(why));
  return step && v?.own?.blackout ? r + blackoutTail : r;
}

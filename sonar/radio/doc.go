// Package radio is the Radio Operator's tracker: it follows the enemy
// submarine from what the table hears and answers where it can be, exactly.
//
// # Model
//
// A hypothesis is one story of the enemy consistent with everything heard:
// its current cell, the cells it sailed since it last surfaced (its route,
// which it may not cross), the possible cells of each of its outstanding
// mines, and a weight. The tracker starts with one hypothesis per water cell
// and updates them with each Observation, in the order announced:
//
//   - Course: each hypothesis moves one cell; it dies at an island, the
//     edge, its own route or its own mine.
//   - Silence: each branches into every straight run of 0..4 cells
//     (Options.SilenceMin 1 drops the run of 0) that obeys the course rules
//     at every cell, even halfway; runs ending in the same state merge.
//   - Surface: only hypotheses in the announced sector remain, and their
//     routes are erased; their mines stay.
//   - Drone, Sonar: a cell filter. A sonar answer holds two facts of
//     different types, and exactly one of them is true.
//   - Hit (our torpedo, mine or Archer mine): a cell filter by the enemy's
//     damage: same cell direct, one of the eight around indirect, else clear.
//   - EnemyTorpedo: the sub is 1 to 4 water steps from the impact (around
//     islands, as chart.Map.Reach; or 1 to 4 spaces along rows and columns
//     with Options.TorpedoOrthogonal); its own damage, when announced, filters
//     too. A torpedo destroys its own mine on the impact cell, unannounced,
//     so hypotheses branch into "no mine there" and "mine j was there".
//   - EnemyDrop: the sub had a legal cell for the mine (water beside it: 8
//     cells, or 4 with Options.MineOrthogonal; off its route; free of its
//     other mines). The mine's candidates are those cells; later courses
//     remove the cells the sub enters, since it never enters its own mine.
//   - EnemyTrigger at X: some outstanding mine may lie at X; hypotheses
//     branch over which, and that mine is gone. This prunes retroactively:
//     where the sub was when it dropped the mine.
//   - EnemyArcher (Echo): a torpedo impact anywhere: its damage to the
//     enemy, when announced, and the loss of its own mine on that cell.
//
// The mines are tracked without guessing cells: a hypothesis holds each
// mine's candidate set, and a layout is possible when the sets admit
// distinct cells, one per mine (a bipartite matching; "every set
// non-empty" would be sound but not exact).
//
// # Guarantees
//
// The true state is never excluded. While Exact reports true, Cells is
// exactly the set of cells the observations allow; the tests check this
// against a brute-force reference that replays every route from every start
// cell with concrete mine cells, and against an unbounded tracker on the
// stress matches. When the hypotheses would pass Options.Budget, they are
// merged (merge.go): members agreeing on cell, nearby route and mines
// become one hypothesis holding the intersection of their routes, which
// blocks no move any member could make, so Cells may become a superset.
// Past twelve outstanding mines the widest is likewise loosened.
//
// Exactness is then restored where it can be (hyp.go, verify.go): a merged
// hypothesis keeps one member's real route as its witness, and a cell held
// by a hypothesis whose witness is still legal is certainly possible. The
// cells left without a witness are settled by a bounded search for a real
// history, replayed from the last hypotheses held while every one was a
// real state (before the first merge, or after a surfacing that left only
// witnessed ones): a history found proves the cell, a completed search
// without one removes it. The search is cheap because of what the
// observations need: a state is explored once per route cells it may still
// look at (the rest of the route is forgotten), and the last silences are
// not walked state by state but joined: the runs from each cell are made
// once and each state tests them against its route. Exact reports, after
// every observation, whether every cell is proven. When the search runs
// out of its bound (searchNodes), a second one tries by route shape
// (shapes.go): from the last clean start (the match's start, or a surfacing
// after which the cells were exact and no mine was outstanding) it walks
// the shapes of the route, relative moves, carrying for each the set of
// start cells for which it is still a real history, so that one step checks
// every start at once; crossing the route depends on the shape alone. It
// is tried where no mine was laid since that start and at most six
// silences came after it, within shapeNodes. When both stop, a deep stage
// runs the two searches again with far larger bounds (deepNodes,
// deepShapeNodes: up to about 0.5 s of CPU), for the rare long silent
// stretch; when it stops too, Exact reports false and Cells is a superset
// for that observation, and no deep stage is tried again before the next
// surfacing (each silence only makes it harder). Measured
// (docs/benchmarks.md): exact on every observation of silent enemies over
// 40, 50 and 60 turns (3,000 matches each, one in three a mine layer, one
// in ten on the smallest budget), of mine layers with up to 12 mines, and
// of the rules' fastest silences; past that, a few matches of 80 silent
// turns from the start, and an enemy that silences every 3 courses (beyond
// the rules, whose silence gauge has 6 spaces), are shown inexact on some
// observations.
// The heat of a merged tracker follows the merged weights.
//
// # Heat map
//
// Heat gives each cell the total weight of its hypotheses. The prior: the
// start is uniform over water cells, and at each silence the enemy picks
// uniformly among its legal runs. An unannounced branch (which mine a
// trigger or torpedo removed) splits its parent's weight evenly. Courses
// and answers only remove hypotheses; weights are renormalised after each
// observation.
//
// # Use
//
//	tr, err := radio.New(chart.MustLoad("alpha", chart.RealTime), radio.Options{})
//	err = tr.Observe(radio.Observation{Kind: radio.Course, Dir: chart.North})
//	cells, heat := tr.Cells(), tr.Heat()
//
// A server adapter feeds the enemy crew's public announcements one by one,
// and our own drone, sonar and impact results. A refused observation
// (malformed for the map, or one no position explains, wrapping
// ErrInconsistent) changes nothing. Undo removes the last observation; the
// log (Observations, JSON per Observation) replays to the same state, since
// the tracker is deterministic: no clock, no randomness, no map iteration.
// Snapshot gives the answer in one JSON-ready value. A Tracker is not safe
// for concurrent use. Its memory is bounded by the budget: three buffers of
// hypotheses (104 bytes each) that a silence on a full budget fills with up
// to 17 x 2,048 (about 3.6 MB each), the hypotheses the search starts from
// (at most the budget, 210 KB), plus 8 KB per observation since the
// search's start for its route windows. The verifying searches' working
// memory is taken from a pool for one verification and given back, so it
// is paid per search running, not per tracker: visited states (at most
// visitedCap, 21 MB with their index), the shape search's memo (at most
// memoCap entries of 152 bytes, 65 MB with its index), joined runs (about
// 40 bytes a node, 12 MB at the deep stage's bound); past the caps a search
// goes on without remembering, slower, never less exact. Everyday searches
// use a few MB; the deep stage, rare, up to about 100 MB while it runs.
package radio

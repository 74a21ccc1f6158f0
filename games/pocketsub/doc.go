// Package pocketsub is Pocket Sub (Alley Cat Games) as a room game: 2 to 4
// fleet commanders (with 4, two teams of 2) move Subs across hex Ocean
// tiles of shallow, deep and rocky regions, lay a Mine behind them every
// turn and sink each other; the last player or team with Subs in play
// wins. The Captain's mini expansion (Whirlpools, Intelligence Report, Map
// and Strong Current tokens) is an option.
//
// The rules are pure and deterministic: New with the same options and seed,
// fed the same commands, reaches the same match. The faces of the tiles,
// their back icons and the introductory layouts are not published: ours
// are data (data/*.json), labelled as house content in the lobby and the
// pages (docs/games/pocketsub.md, docs/rules-decisions.md).
//
// The board: flat-topped tiles at axial positions, lettered A, B, ... in
// reading order. A region is its tile's letter and a slot: 0 for the
// centre, 1 to 6 for the edge regions clockwise from the top side.
package pocketsub

// Package saga is Saga of the Nine Worlds (Pocket-Tactics) as a room game:
// two players, Raven and Wolf, build a hex map of Terrain tiles between
// their bases, deploy units of their factions and take turns moving,
// assaulting (dice, with re-rolls) and summoning reserves; a player whose
// units are all captured, or whose base falls to an assault, loses.
//
// The rules are pure and deterministic: New with the same options and seed,
// fed the same commands, reaches the same match (the bag of tiles and every
// die come from the seed). What the rulebook leaves open is ours, as data
// (data/*.json) or a house rule (Definition.HouseRules), labelled where a
// player meets it: the 20 Terrain tiles of the bag, the turn limit. The
// bot plays either seat at three strengths (bot.go). docs/games/saga.md has the
// commands, views and rule codes.
package saga

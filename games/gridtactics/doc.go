// Package gridtactics is Pocket Tactics, the home-made two-player tactics
// game on an 8x8 grid (6x6 as an option), as a pure rules engine for a room.
//
// # The game
//
// Red (seat and team 0) and Blue (1) each field 3 soldiers, 2 tanks and 2
// artillery. Both set up at the same time, unseen by each other, on their
// back row (on the 6x6 board their two back rows, since 7 units do not fit
// on 6 squares). Then each rolls a die, re-rolling ties; the higher starts.
// On a turn every unit may act once, in any order, and the player ends the
// turn whenever they like:
//
//   - soldier: move up to 3 king steps, or attack an adjacent enemy
//     (any of the 8 neighbours) on 3+;
//   - tank: move up to 2 orthogonal steps (it may turn), or the combat
//     action: an orthogonal step, then attack an enemy on any of the 8
//     neighbouring squares on 4+ (orthogonal neighbours only with the house
//     option tank_attacks_straight; the step is optional only with the
//     house option tank_attack_in_place);
//   - artillery: an optional orthogonal step and an attack on an enemy
//     exactly 2 squares away (Chebyshev: rings of 16 squares, over anything
//     in between) on 4+, in either order; after a miss it may fire once
//     more at the same target.
//
// Shield Formation: a soldier with a friendly soldier on any neighbouring
// square is hit only on 2 more (3+ becomes 5+, 4+ becomes 6+, never worse
// than 6+). Moves go through empty squares only. A hit removes the unit; a
// player with no units left loses. Tournament scoring is recorded in every
// outcome: 3 for a win by elimination, 2 for a win on units when time runs
// out, 1 each for a draw.
//
// Options (JSON, see Options and Definition.Options): small_board,
// hidden_setup (units face down until they move, attack or are attacked;
// the other side and spectators see only "unit"), time_limit (15
// minutes from the start; the room sends a tick and the side with more
// units wins), tank_attack_in_place and tank_attacks_straight (house) and
// bot_level (learner, crew or veteran).
//
// Every match ends: a turn takes at most MaxTurnCommands commands, and
// after turn TurnLimit the side with more units wins (house rule). Our
// decisions that change play are Definition.HouseRules (house.go).
//
// # Squares and commands
//
// Squares are named like chess squares: files A-H from Red's left, ranks
// 1-8 from Red's side ("C4"; case does not matter). A unit is named by the
// square it stands on or by its id: "S1".."S3", "T1", "T2", "AR1", "AR2"
// (letters beyond H, so an id is never a square). Command documents the
// JSON; Decode checks its shape. Game.Apply refuses anything against the
// rules with a games.RuleError: one snake_case code per rule
// (not_your_turn, already_acted, out_of_range, ...; "malformed" for a body
// Decode cannot read) and a sentence a player understands; it then changes
// nothing. docs/games/gridtactics.md lists every code.
//
// # Determinism
//
// A match is a function of its options, seed and command log. Every die
// comes from a PCG source seeded with the match seed; the only time used is
// the room's Command.Time (the start, and the tick that ends a timed
// match). The bot (BotCommand) uses its own source seeded from the seed and
// the number of commands accepted, and sees only what its seat may see.
//
// # Views
//
// View(seat) is state, not a log (rolls and moves are events), so the
// room sends a seat nothing when nothing it may see has changed. It gives a
// page everything to draw and to offer: the board in square order (unit
// order would tell face-down units apart), and on the player's turn each
// ready unit's legal moves and targets with the chance to hit, worked out
// from what that player knows ("4+ = 50%", or for a face-down target that
// might be a shielded soldier also "5+ = 33%").
package gridtactics

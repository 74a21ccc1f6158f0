// Package battles is Pocket Battles (Confederacy vs Union) as a room game:
// two generals build armies in secret to a size in Deployment Points,
// deploy them into the Front and Rear of three sectors with stacks hidden
// but for their top troop, and spend Order tokens on moves, charges, fire
// and traits round after round; whoever destroys half the enemy army's
// points wins the battle.
//
// The rules are pure and deterministic: New with the same options and seed,
// fed the same commands, reaches the same battle (every die comes from the
// seed). The armies, traits and presets are data (data/*.json); where the
// rulebook leaves a round open-ended, house rules (houserules.go) make it
// end, labelled where a player meets them. The bot plays either seat at
// three strengths (bot.go). docs/games/battles.md has the commands, views
// and rule codes.
package battles

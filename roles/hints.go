package roles

import (
	"fmt"
	"slices"

	"periscope/sonar"
)

// hints are the teaching mode's tips: one short sentence per thing this
// seat can or must do now, in the order a new player needs them.
func hints(v View) []string {
	own, pub := v.Own, v.Public
	var out []string
	has := func(r sonar.Role) bool { return slices.Contains(v.Roles, r) }
	if pub.Outcome != nil {
		return nil
	}
	if has(sonar.Captain) {
		switch {
		case !own.Placed:
			out = append(out, "Captain: tap any water cell to choose your secret start. The enemy never sees it.")
		case pub.SonarPending != nil && *pub.SonarPending == own.Crew:
			out = append(out, "Captain: the enemy used sonar. Pick two facts of different kinds about your position: exactly one must be true.")
		case own.Surfacing != nil:
			out = append(out, fmt.Sprintf("Captain: you are surfaced in sector %d. Secure the sub, then dive.", own.Surfacing.Sector))
		case own.Blackout:
			out = append(out, "Captain: no heading is open. You must surface: the enemy learns your sector, your Engineer's sheet is wiped clean.")
		case own.Duties.FirstMate || own.Duties.Engineer:
			out = append(out, "Captain: wait for your First Mate and Engineer to mark this course before the next order.")
		case own.Turn != nil && !own.Turn.Current:
			out = append(out, "Captain: the enemy is moving. Listen to their headings: your Radio Operator plots them.")
		case own.Turn != nil && own.Turn.Moved:
			out = append(out, "Captain: you may use one ready system now, or end your turn.")
		default:
			out = append(out, "Captain: choose a heading. You may not cross your own route, enter an island or your own mine.")
		}
	}
	if has(sonar.FirstMate) && own.Duties.FirstMate {
		out = append(out, "First Mate: charge one gauge. A full gauge is ready if the Engineer has no breakdown of its colour.")
	}
	if has(sonar.Engineer) && own.Duties.Engineer && own.Duties.Panel != nil {
		out = append(out, fmt.Sprintf("Engineer: cross out one symbol in the %s panel. A full circuit repairs itself; a full panel or all radiation costs 1 damage.", own.Duties.Panel))
	}
	if has(sonar.RadioOperator) {
		out = append(out, "Radio Operator: every enemy heading is drawn on your overlay. Drag it over the map to where it fits between the islands.")
	}
	return out
}

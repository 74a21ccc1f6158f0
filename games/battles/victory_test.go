package battles

import (
	"testing"
)

// passRound passes until the round ends.
func passRound(t *testing.T, g *Game) {
	t.Helper()
	r := g.round
	for g.round == r && g.phase == fighting {
		do(t, g, g.turn, `{"type":"pass"}`)
	}
}

// The battle is won at the end of the round in which half or more of the
// enemy army's DP is destroyed, not before.
func TestWinAtEndOfRound(t *testing.T) {
	g := scenarioWith(t, Options{Size: 50}, SeatA, []stack{{"CON22", "center_front"}},
		[]stack{{"UNI22", "center_front"}, {"UNI21", "left_rear"}})
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	g.rigged = []int{2, 2}
	do(t, g, SeatB, `{"type":"hold"}`)
	if !g.unit("b1").gone || g.Outcome() != nil {
		t.Fatal("half of B's army is gone, but the round is not over")
	}
	passRound(t, g)
	out := g.Outcome()
	if out == nil || len(out.Winners) != 1 || out.Winners[0] != SeatA || out.Scores[SeatA] != 2 || out.Kind != "half_destroyed" {
		t.Fatalf("outcome %+v", out)
	}
	refused(t, g, SeatB, `{"type":"pass"}`, "battle_over")
}

// When both have destroyed half, the higher total wins; on a tie, Player 2.
func TestBothHalf(t *testing.T) {
	for _, c := range []struct {
		name        string
		lostA, lost []string
		winner      int
		kind        string
	}{
		{"A destroyed more", []string{"CON22"}, []string{"UNI12", "UNI22"}, SeatA, "both_half_destroyed"},
		{"only B destroyed half", []string{"CON22"}, []string{"UNI12"}, SeatB, "half_destroyed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := scenarioWith(t, Options{Size: 50}, SeatA, []stack{{"CON22", "center_front"}, {"CON24", "left_front"}},
				[]stack{{"UNI12", "center_front"}, {"UNI13", "left_front"}, {"UNI22", "right_front"}})
			g.sides[SeatA].lost, g.sides[SeatB].lost = c.lostA, c.lost
			passRound(t, g)
			if out := g.Outcome(); out == nil || out.Winners[0] != c.winner || out.Kind != c.kind {
				t.Fatalf("outcome %+v; want seat %d", out, c.winner)
			}
		})
	}
}

// A player may concede at any time; the house round limit ends the battle
// on totals (Player 2 on a tie).
func TestConcedeAndRoundLimit(t *testing.T) {
	g := started(t, Options{}, 1)
	if _, ok := g.FirstTeam(); ok {
		t.Fatal("no first team before the roll")
	}
	mustApply(t, g, SeatA, `{"type":"concede"}`)
	if out := g.Outcome(); out == nil || out.Winners[0] != SeatB || out.Kind != "concede" {
		t.Fatalf("outcome %+v", out)
	}
	g = scenarioWith(t, Options{Size: 50, RoundLimit: 2}, SeatA, []stack{{"CON22", "center_front"}}, []stack{{"UNI12", "center_front"}})
	passRound(t, g)
	if g.Outcome() != nil {
		t.Fatal("the limit is 2 rounds")
	}
	if team, ok := g.FirstTeam(); !ok || team != SeatA {
		t.Fatalf("Player 1 (A) takes the first turn, not %d", team)
	}
	passRound(t, g)
	if out := g.Outcome(); out == nil || out.Winners[0] != SeatB || out.Kind != "round_limit" {
		t.Fatalf("after the round limit: %+v; want Player 2 (B) on a 0-0 tie", out)
	}
	// With no limit set, the default of 12 rounds ends the battle.
	g = scenarioWith(t, Options{Size: 50}, SeatB, []stack{{"CON22", "center_front"}}, []stack{{"UNI12", "center_front"}})
	for g.Outcome() == nil {
		passRound(t, g)
	}
	if out := g.Outcome(); g.round != DefaultRoundLimit || out.Winners[0] != SeatA || out.Kind != "round_limit" {
		t.Fatalf("round %d: %+v; want Player 2 (A) after %d rounds", g.round, out, DefaultRoundLimit)
	}
}

// End of round: tokens come back (but those on wounded troops); a general
// may sacrifice wounded troops to recover theirs, which counts as
// destroyed for the enemy.
func TestRecovery(t *testing.T) {
	g := scenarioWith(t, Options{Size: 50}, SeatA,
		[]stack{{"CON22", "center_front"}, {"CON16", "left_front"}, {"CON25", "right_front"}, {"CON21", "right_rear"}, {"CON20", "left_rear"}},
		[]stack{{"UNI12", "center_front"}, {"UNI13", "left_front"}})
	for _, id := range []string{"a1", "a2"} {
		g.unit(id).troops[0].wounds = 1
		g.sides[SeatA].unused--
	}
	passRound(t, g)
	if g.phase != recovery || g.sides[SeatA].unused != 3 || !g.sides[SeatB].recovered {
		t.Fatalf("phase %s, A unused %d", g.phase, g.sides[SeatA].unused)
	}
	refused(t, g, SeatA, `{"type":"pass"}`, "wrong_phase")
	refused(t, g, SeatA, `{"type":"sacrifice","troop":"CON25"}`, "not_wounded")
	refused(t, g, SeatA, `{"type":"sacrifice","troop":"UNI12"}`, "unknown_troop")
	refused(t, g, SeatB, `{"type":"end_recovery"}`, "recovery_done")
	do(t, g, SeatA, `{"type":"sacrifice","troop":"CON22"}`)
	if g.sides[SeatA].unused != 4 || !g.unit("a1").gone || g.destroyed(SeatB) != 4 {
		t.Fatalf("after the sacrifice: unused %d, destroyed %d", g.sides[SeatA].unused, g.destroyed(SeatB))
	}
	do(t, g, SeatA, `{"type":"end_recovery"}`)
	if g.phase != fighting || g.round != 2 || g.turn != SeatB || g.sides[SeatA].unused != 4 {
		t.Fatalf("round 2: phase %s turn %d unused %d", g.phase, g.turn, g.sides[SeatA].unused)
	}
	tokenBooks(t, g)
}

// At the end of the round the Wound tokens of troops killed in it, and the
// Order tokens of units destroyed in it, come back with the used ones.
func TestKilledTokensComeBack(t *testing.T) {
	g := scenarioWith(t, Options{Size: 50}, SeatA, []stack{{"CON13", "center_front"}, {"CON09", "center_front"}},
		[]stack{{"UNI12 UNI13 UNI22", "center_front"}, {"UNI21", "center_front"}, {"UNI23", "right_rear"}})
	g.unit("b1").troop("UNI12").wounds = 1
	g.sides[SeatB].unused--
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	do(t, g, SeatB, `{"type":"hold"}`)
	g.rigged = []int{3, 1, 1} // one hit, no strike back
	do(t, g, SeatA, `{"type":"charge_target","target":"b1"}`)
	do(t, g, SeatB, `{"type":"kill","troop":"UNI12"}`) // its Wound token is set aside
	do(t, g, SeatB, `{"type":"move","unit":"b2","to":"right_front"}`)
	do(t, g, SeatA, `{"type":"pass"}`)
	do(t, g, SeatB, `{"type":"move","unit":"b2","to":"center_front"}`) // b2 carries 3 Order tokens
	g.rigged = []int{4}
	do(t, g, SeatA, `{"type":"shoot","unit":"a2","target":"b2"}`) // the lone Volunteers fall
	if s := g.sides[SeatB]; !g.unit("b2").gone || s.unused != 1 || s.aside != 4 {
		t.Fatalf("B has %d unused, %d set aside; want 1 and 4 (the Wound token and b2's 3 Order tokens)", s.unused, s.aside)
	}
	tokenBooks(t, g)
	passRound(t, g)
	if g.round != 2 || g.sides[SeatB].unused != 5 {
		t.Fatalf("round %d: B has %d tokens; want all 5 back", g.round, g.sides[SeatB].unused)
	}
}

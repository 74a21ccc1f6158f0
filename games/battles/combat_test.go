package battles

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

// rolls lists the dice rolls the events report.
func rolls(t testing.TB, g *Game, seat int, format string, args ...any) []Roll {
	t.Helper()
	var out []Roll
	for _, e := range mustApply(t, g, seat, fmt.Sprintf(format, args...)) {
		if e.Kind == "roll" {
			var r Roll
			if err := json.Unmarshal(e.Data, &r); err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
	}
	return out
}

func legalTypes(g *Game, seat int) []string {
	var out []string
	for _, l := range g.view(seat).Legal {
		out = append(out, l.Command.Type+" "+l.Command.Unit+l.Command.Target+l.Command.Troop+l.Command.From)
	}
	return out
}

// charge3 is A's Cavalry 2-2-6 facing three Union units in the center front:
// Cavalry 2-3-6 (b1), a Gatling Gun (b2, white dice only, Volley) and
// Volunteers 4-4 (b3).
func charge3(t testing.TB) *Game {
	return scenario(t, SeatA, []stack{{"CON22", "center_front"}, {"CON10", "right_rear"}},
		[]stack{{"UNI12", "center_front"}, {"UNI11", "center_front"}, {"UNI22", "center_front"}})
}

// A charge at the Front: the opponent may intercept, shoot at the charging
// unit or do nothing (none of which is their action); then the charging
// unit picks its target.
func TestChargeReactions(t *testing.T) {
	t.Run("offers", func(t *testing.T) {
		g := charge3(t)
		do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
		want := []string{"intercept b1", "fire_at_charge b2", "intercept b3", "hold "}
		if got := legalTypes(g, SeatB); !slices.Equal(got, want) {
			t.Fatalf("B may answer %v; want %v", got, want)
		}
		if where(g, "a1") != "center_engagement" {
			t.Fatal("the charging unit moves into the Engagement zone")
		}
		refused(t, g, SeatA, `{"type":"pass"}`, "reaction_pending")
		refused(t, g, SeatB, `{"type":"pass"}`, "reaction_pending")
		refused(t, g, SeatB, `{"type":"intercept","unit":"b2"}`, "no_engagement_dice")
		refused(t, g, SeatB, `{"type":"fire_at_charge","unit":"b1"}`, "no_shooting_dice")
		refused(t, g, SeatB, `{"type":"intercept","unit":"a1"}`, "not_your_unit")
	})
	t.Run("hold", func(t *testing.T) {
		g := charge3(t)
		do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
		do(t, g, SeatB, `{"type":"hold"}`)
		if want := []string{"charge_target b1", "charge_target b2", "charge_target b3"}; !slices.Equal(legalTypes(g, SeatA), want) {
			t.Fatalf("A may target %v", legalTypes(g, SeatA))
		}
		g.rigged = []int{2, 2}
		do(t, g, SeatA, `{"type":"charge_target","target":"b2"}`)
		// 2 dice (a charge) showing 2 and 2 against 2,2,6: 4 hits.
		if g.last.Hits != 4 || g.awaiting().hits != 4 {
			t.Fatalf("the charge scored %d hits", g.last.Hits)
		}
		if want := []string{"kill UNI11", "wound UNI11"}; !slices.Equal(legalTypes(g, SeatB), want) {
			t.Fatalf("B may assign %v", legalTypes(g, SeatB))
		}
		do(t, g, SeatB, `{"type":"kill","troop":"UNI11"}`)
		if !g.unit("b2").gone || where(g, "a1") != "center_front" || g.turn != SeatB || g.sides[SeatB].unused != 10 {
			t.Fatalf("after the kill: b2 gone %v, a1 in %s, turn %d", g.unit("b2").gone, where(g, "a1"), g.turn)
		}
		tokenBooks(t, g)
	})
	t.Run("intercept", func(t *testing.T) {
		g := charge3(t)
		do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
		g.rigged = []int{1, 1, 3}
		rs := rolls(t, g, SeatB, `{"type":"intercept","unit":"b1"}`)
		if len(rs) != 2 || len(rs[0].Dice) != 2 || rs[0].Unit != "a1" || rs[1].Unit != "b1" || rs[1].Hits != 1 {
			t.Fatalf("intercept rolls %+v", rs)
		}
		if g.sides[SeatB].unused != 9 || g.unit("b1").orders != 1 {
			t.Fatal("intercepting costs an order to the interceptor")
		}
		do(t, g, SeatA, `{"type":"wound","troop":"CON22"}`)
		if where(g, "a1") != "center_engagement" || where(g, "b1") != "center_engagement" || !g.inContact(g.unit("a1"), g.unit("b1")) {
			t.Fatal("both survived: they stay in contact")
		}
		if g.turn != SeatB {
			t.Fatal("the reaction is not B's action: B's turn comes next")
		}
		tokenBooks(t, g)
	})
	t.Run("fire", func(t *testing.T) {
		g := charge3(t)
		do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
		g.rigged = []int{5, 6}
		rs := rolls(t, g, SeatB, `{"type":"fire_at_charge","unit":"b2"}`)
		if len(rs) != 1 || len(rs[0].Dice) != 2 || rs[0].Hits != 2 {
			t.Fatalf("the Gatling (Volley) rolls %+v", rs)
		}
		do(t, g, SeatA, `{"type":"kill","troop":"CON22"}`)
		if !g.unit("a1").gone || g.turn != SeatB || g.awaiting() != nil {
			t.Fatal("a charging unit shot down ends the charge")
		}
	})
	t.Run("fire and survive", func(t *testing.T) {
		g := charge3(t)
		do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
		g.rigged = []int{1, 1}
		do(t, g, SeatB, `{"type":"fire_at_charge","unit":"b2"}`)
		if p := g.view(SeatA).Pending; p == nil || p.Kind != "charge_target" {
			t.Fatal("after a shot that missed, the charging unit picks its target")
		}
		refused(t, g, SeatA, `{"type":"charge_target","target":"a2"}`, "own_unit")
	})
}

// The rulebook's dice: a unit showing 3,3,4,4,5 scores 2 hits with a 4;
// charging, it scores 3 with a 5 and a 4.
func TestRulebookDice(t *testing.T) {
	g := scenario(t, SeatA, []stack{{"CON27 CON10 CON20", "center_front"}},
		[]stack{{"UNI25 UNI16", "center_front"}})
	if f := g.unit("a1").faces(false); !slices.Equal(slices.Sorted(slices.Values(f)), []int{3, 3, 4, 4, 5}) {
		t.Fatalf("the unit shows %v", f)
	}
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	g.rigged = []int{5, 4}
	do(t, g, SeatB, `{"type":"hold"}`) // a single target: the engagement follows at once
	if g.last.Hits != 3 || g.awaiting().hits != 3 {
		t.Fatalf("5 and 4 against 3,3,4,4,5: %d hits", g.last.Hits)
	}
	do(t, g, SeatB, `{"type":"wound","troop":"UNI25"}`)
	do(t, g, SeatB, `{"type":"wound","troop":"UNI16"}`)
	g.rigged = []int{1, 1}
	rs := rolls(t, g, SeatB, `{"type":"kill","troop":"UNI16"}`)
	// The Iron Brigade is Disciplined: its strike back rolls 2 dice.
	if len(rs) != 1 || rs[0].Kind != "strike_back" || len(rs[0].Dice) != 2 {
		t.Fatalf("strike back %+v", rs)
	}
	do(t, g, SeatB, `{"type":"pass"}`)
	g.rigged = []int{4, 1}
	rs = rolls(t, g, SeatA, `{"type":"carry_on","unit":"a1","target":"b1"}`)
	if rs[0].Hits != 2 || len(rs[0].Dice) != 1 {
		t.Fatalf("a 4 against 3,3,4,4,5 carrying on: %+v", rs[0])
	}
	// The only choice (eliminate the wounded Iron Brigade) is made at once;
	// the lone survivor goes back to its Front.
	if !g.unit("b1").gone || where(g, "a1") != "center_front" {
		t.Fatalf("b1 gone %v, a1 in %s", g.unit("b1").gone, where(g, "a1"))
	}
	tokenBooks(t, g)
}

// The rulebook's wound examples: 2 Cavalry (2 Wound points) and a Militia
// (1) take a hit; later the wounded Cavalry may be eliminated, the other
// wounded, or the Militia eliminated.
func TestWoundExamples(t *testing.T) {
	g := scenario(t, SeatA, []stack{{"CON13", "center_front"}},
		[]stack{{"UNI12 UNI13 UNI22", "center_front"}})
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	g.rigged = []int{3, 1}
	do(t, g, SeatB, `{"type":"hold"}`)
	want := []string{"kill UNI12", "wound UNI12", "kill UNI13", "wound UNI13", "kill UNI22"}
	if got := legalTypes(g, SeatB); !slices.Equal(got, want) {
		t.Fatalf("one hit: %v; want %v", got, want)
	}
	refused(t, g, SeatB, `{"type":"kill","troop":"CON13"}`, "troop_not_in_unit")
	g.rigged = []int{6}
	do(t, g, SeatB, `{"type":"wound","troop":"UNI12"}`)
	if g.unit("b1").troop("UNI12").wounds != 1 || g.sides[SeatB].unused != 9 {
		t.Fatal("the Wound token comes from the unused tokens")
	}
	// The strike back: a 6 against the two Cavalry's 2,3,6,4,5,6 (the
	// Volunteers show 4,4): 2 hits, and the lone Cons. Infantry (1 Wound
	// point) is eliminated at once, its only choice.
	if g.last.Hits != 2 || !g.unit("a1").gone || where(g, "b1") != "center_front" {
		t.Fatalf("strike back: %+v", g.last)
	}
	tokenBooks(t, g)

	g = scenario(t, SeatA, []stack{{"CON13", "center_front"}},
		[]stack{{"UNI12 UNI13 UNI22", "center_front"}})
	g.unit("b1").troop("UNI12").wounds = 1
	g.sides[SeatB].unused--
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	g.rigged = []int{3, 1}
	do(t, g, SeatB, `{"type":"hold"}`)
	want = []string{"kill UNI12", "kill UNI13", "wound UNI13", "kill UNI22"}
	if got := legalTypes(g, SeatB); !slices.Equal(got, want) {
		t.Fatalf("a hit on a wounded Cavalry: %v; want %v", got, want)
	}
	refused(t, g, SeatB, `{"type":"wound","troop":"UNI12"}`, "wound_needs_two_points")
	g.rigged = []int{1}
	do(t, g, SeatB, `{"type":"kill","troop":"UNI12"}`)
	if g.sides[SeatB].aside != 1 || g.sides[SeatB].unused != 9 {
		t.Fatalf("the eliminated troop's Wound token is set aside: aside %d unused %d", g.sides[SeatB].aside, g.sides[SeatB].unused)
	}
	tokenBooks(t, g)
}

// Wound tokens come from unused tokens first, then from Order tokens on any
// unit of the player; with none, troops must be eliminated.
func TestWoundTokenSources(t *testing.T) {
	g := scenario(t, SeatA, []stack{{"CON13", "center_front"}},
		[]stack{{"UNI12 UNI22", "center_front"}, {"UNI13", "left_rear"}})
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	g.rigged = []int{3, 4}
	do(t, g, SeatB, `{"type":"hold"}`) // 2 hits on b1
	refused(t, g, SeatB, `{"type":"wound","troop":"UNI12","from":"b2"}`, "unused_tokens_first")
	b := g.sides[SeatB]
	b.unused, g.unit("b2").orders = 0, 10
	refused(t, g, SeatB, `{"type":"wound","troop":"UNI12"}`, "name_token_source")
	refused(t, g, SeatB, `{"type":"wound","troop":"UNI12","from":"b1"}`, "no_order_tokens")
	if got := legalTypes(g, SeatB); !slices.Contains(got, "wound UNI12b2") {
		t.Fatalf("legal %v should offer an Order token of b2", got)
	}
	do(t, g, SeatB, `{"type":"wound","troop":"UNI12","from":"b2"}`)
	if g.unit("b2").orders != 9 {
		t.Fatal("the Wound token should come off b2's Order tokens")
	}
	g.unit("b2").orders, b.aside = 0, 9
	refused(t, g, SeatB, `{"type":"wound","troop":"UNI12"}`, "wound_needs_two_points")
	g.unit("b1").troop("UNI12").wounds, b.aside = 0, 10
	refused(t, g, SeatB, `{"type":"wound","troop":"UNI12"}`, "no_tokens_left")
}

// Troops without Wound points fall with the last troop that has some, and
// cannot be eliminated to absorb hits.
func TestZeroWoundTroopsFall(t *testing.T) {
	g := scenario(t, SeatA, []stack{{"CON24", "center_front"}},
		[]stack{{"UNI04 UNI12", "center_front"}})
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	g.rigged = []int{4, 1}
	do(t, g, SeatB, `{"type":"hold"}`)
	refused(t, g, SeatB, `{"type":"kill","troop":"UNI04"}`, "no_wound_points")
	do(t, g, SeatB, `{"type":"kill","troop":"UNI12"}`)
	if !g.unit("b1").gone || !slices.Equal(g.sides[SeatB].lost, []string{"UNI12", "UNI04"}) {
		t.Fatalf("the Captain should fall with the Cavalry: lost %v", g.sides[SeatB].lost)
	}
	if g.destroyed(SeatA) != 7 {
		t.Fatalf("A destroyed %d DP; want 7", g.destroyed(SeatA))
	}
}

// Charging at the Rear (no enemy in the Front or Engagement zone of the
// sector): no reaction; the target is drawn into the Engagement zone.
func TestRearCharge(t *testing.T) {
	g := scenario(t, SeatA, []stack{{"CON22", "center_front"}},
		[]stack{{"UNI01 UNI25", "center_rear"}, {"UNI12", "left_front"}})
	refused(t, g, SeatA, `{"type":"charge","unit":"a1"}`, "charge_needs_target")
	refused(t, g, SeatA, `{"type":"charge","unit":"a1","target":"b2"}`, "not_a_charge_target")
	g.rigged = []int{1, 1, 1, 1}
	do(t, g, SeatA, `{"type":"charge","unit":"a1","target":"b1"}`)
	if g.awaiting() != nil || g.turn != SeatB {
		t.Fatal("a Rear charge gets no reaction and resolves at once")
	}
	if where(g, "a1") != "center_engagement" || where(g, "b1") != "center_engagement" {
		t.Fatalf("after a Rear charge both survive: a1 %s, b1 %s", where(g, "a1"), where(g, "b1"))
	}
}

// Charging into an adjacent sector (no enemy in any zone of one's own): no
// reaction; the survivor ends in the Front of the sector of the fight.
func TestAdjacentCharge(t *testing.T) {
	g := scenario(t, SeatA, []stack{{"CON22", "left_front"}, {"CON23", "right_front"}},
		[]stack{{"UNI22", "center_rear"}, {"UNI21", "left_front"}})
	// b2 is in B's left front: column 2, A's right. A's left (column 0) is
	// empty of enemies; the center is adjacent, B's left is not.
	refused(t, g, SeatA, `{"type":"charge","unit":"a1","target":"b2"}`, "not_a_charge_target")
	g.rigged = []int{2, 2}
	do(t, g, SeatA, `{"type":"charge","unit":"a1","target":"b1"}`)
	if !g.unit("b1").gone || where(g, "a1") != "center_front" {
		t.Fatalf("a1 ends in %s", where(g, "a1"))
	}
	g2 := scenario(t, SeatA, []stack{{"CON22", "left_front"}}, []stack{{"UNI21", "left_front"}})
	refused(t, g2, SeatA, `{"type":"charge","unit":"a1"}`, "nothing_to_charge")
}

// A unit may charge into an engagement, outnumbering the enemy; charging a
// unit that outnumbers a friend splits the fight in two.
func TestChargeIntoEngagement(t *testing.T) {
	g, miss := engagedThenCharge(t, "CON23")
	do(t, g, SeatA, `{"type":"hold"}`)
	miss()
	do(t, g, SeatB, `{"type":"charge_target","target":"a1"}`)
	if n := len(g.contactsOf(g.unit("a1"))); n != 2 {
		t.Fatalf("a1 should be outnumbered by two; %d contacts", n)
	}
	do(t, g, SeatA, `{"type":"charge","unit":"a2"}`)
	miss()
	do(t, g, SeatA+0, `{"type":"charge_target","target":"b2"}`)
	want := [][2]string{{"a1", "b1"}, {"a2", "b2"}}
	if !slices.Equal(g.contacts, want) {
		t.Fatalf("contacts %v; want two engagements %v", g.contacts, want)
	}
}

// engagedThenCharge is two units a side in the center, A's second of the
// troop a2: a1 charged b1 and both came through (they stand engaged), and
// now B charges with b2. miss rigs the next dice to miss.
func engagedThenCharge(t *testing.T, a2 string) (g *Game, miss func()) {
	t.Helper()
	g = scenario(t, SeatA, []stack{{"CON22", "center_front"}, {a2, "center_front"}},
		[]stack{{"UNI12", "center_front"}, {"UNI13", "center_front"}})
	miss = func() { g.rigged = []int{1, 1, 1} }
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	do(t, g, SeatB, `{"type":"hold"}`)
	miss()
	do(t, g, SeatA, `{"type":"charge_target","target":"b1"}`)
	do(t, g, SeatB, `{"type":"charge","unit":"b2"}`)
	return g, miss
}

// Shooting: the same sector's Front and Engagement; hits on an engagement
// split, rounded up, over every unit in it (one's own too); the Rear only
// when unscreened (or by a Sniper); an adjacent sector only when one's own
// holds no enemy; never two sectors away.
func TestShooting(t *testing.T) {
	g := scenario(t, SeatA,
		[]stack{{"CON22", "center_front"}, {"CON17", "center_front"}, {"CON07", "center_front"}, {"CON09", "left_front"}},
		[]stack{{"UNI12", "center_front"}, {"UNI03", "center_rear"}, {"UNI22", "right_front"}, {"UNI21", "left_front"}})
	// b3 is in B's right front: column 0, A's left.
	refused(t, g, SeatA, `{"type":"shoot","unit":"a2","target":"b2"}`, "rear_screened")
	refused(t, g, SeatA, `{"type":"shoot","unit":"a4","target":"b1"}`, "enemy_in_own_sector")
	refused(t, g, SeatA, `{"type":"shoot","unit":"a4","target":"b4"}`, "out_of_range")
	g.rigged = []int{6}
	rs := rolls(t, g, SeatA, `{"type":"shoot","unit":"a3","target":"b2"}`) // Sniper
	if len(rs) != 1 || rs[0].Hits != 1 || !g.unit("b2").gone {
		t.Fatalf("the Sharpshooters' shot at the Rear: %+v", rs)
	}
	do(t, g, SeatB, `{"type":"pass"}`)
	// a1 charges b1 and both survive.
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	g.rigged = []int{1, 1, 1}
	do(t, g, SeatB, `{"type":"hold"}`)
	do(t, g, SeatB, `{"type":"pass"}`)
	g.rigged = []int{6}
	evs := do(t, g, SeatA, `{"type":"shoot","unit":"a2","target":"b1"}`)
	// Two hits (6 against 4,5,6,6) split over two units: 1 each.
	found := false
	for _, e := range evs {
		found = found || e.kind == "split"
	}
	if !found || g.view(SeatB).Pending == nil || g.view(SeatB).Pending.Hits != 1 {
		t.Fatalf("the shot should split 1 hit onto b1 first: %+v", g.view(SeatB).Pending)
	}
	do(t, g, SeatB, `{"type":"wound","troop":"UNI12"}`)
	if p := g.view(SeatA).Pending; p == nil || p.Unit != "a1" || p.Hits != 1 {
		t.Fatalf("then 1 hit on A's own a1: %+v", p)
	}
	do(t, g, SeatA, `{"type":"wound","troop":"CON22"}`)
	// With no enemy left in column 0... b3 is there; a4 shoots it.
	tokenBooks(t, g)
	do(t, g, SeatB, `{"type":"pass"}`)
	g.rigged = []int{4}
	do(t, g, SeatA, `{"type":"shoot","unit":"a4","target":"b3"}`)
	if !g.unit("b3").gone {
		t.Fatal("the Parrot Rifle should have shot the Volunteers in its own sector")
	}
	do(t, g, SeatB, `{"type":"pass"}`)
	// Now column 0 is clear: a4 may shoot into the adjacent center.
	g.rigged = []int{1}
	do(t, g, SeatA, `{"type":"shoot","unit":"a4","target":"b1"}`)
}

// Leaving an engagement: every enemy in contact strikes the leaving unit
// for free; then it and they go back to their Fronts. Elusive units leave
// without the strike.
func TestLeave(t *testing.T) {
	g, miss := engagedThenCharge(t, "CON16")
	do(t, g, SeatA, `{"type":"hold"}`)
	miss()
	do(t, g, SeatB, `{"type":"charge_target","target":"a1"}`)
	g.rigged = []int{1, 1}
	rs := rolls(t, g, SeatA, `{"type":"leave","unit":"a1"}`)
	if len(rs) != 2 || rs[0].Kind != "free_strike" || rs[1].Kind != "free_strike" {
		t.Fatalf("both engaged enemies should strike: %+v", rs)
	}
	for _, id := range []string{"a1", "b1", "b2"} {
		if !slices.Contains([]string{"center_front"}, where(g, id)) {
			t.Fatalf("%s is in %s after the leave", id, where(g, id))
		}
	}
	// Elusive Partisan Rangers leave untouched.
	do(t, g, SeatB, `{"type":"pass"}`)
	do(t, g, SeatA, `{"type":"charge","unit":"a2"}`)
	do(t, g, SeatB, `{"type":"hold"}`)
	g.rigged = []int{1, 1, 1}
	do(t, g, SeatA, `{"type":"charge_target","target":"b1"}`)
	do(t, g, SeatB, `{"type":"pass"}`)
	if rs := rolls(t, g, SeatA, `{"type":"leave","unit":"a2"}`); len(rs) != 0 {
		t.Fatalf("an Elusive unit drew strikes: %+v", rs)
	}
}

// Only a unit in the Front of the charged sector can intercept or shoot at
// the charge, and only if its owner can pay for the order.
func TestChargeAnswersFaceTheCharge(t *testing.T) {
	g := scenario(t, SeatA, []stack{{"CON22", "center_front"}},
		[]stack{{"UNI12", "center_front"}, {"UNI13", "left_front"}, {"UNI22", "center_rear"}, {"UNI11", "right_front"}})
	do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
	refused(t, g, SeatB, `{"type":"intercept","unit":"b2"}`, "not_facing_charge") // another sector
	refused(t, g, SeatB, `{"type":"intercept","unit":"b3"}`, "not_facing_charge") // the Rear
	refused(t, g, SeatB, `{"type":"fire_at_charge","unit":"b4"}`, "not_facing_charge")
	g.unit("b1").orders, g.sides[SeatB].unused = 9, 1
	refused(t, g, SeatB, `{"type":"intercept","unit":"b1"}`, "not_enough_tokens")
}

// Carrying on strikes a unit in contact, never another one of the
// Engagement zone.
func TestCarryOnNeedsContact(t *testing.T) {
	g, miss := engagedThenCharge(t, "CON23")
	miss()
	do(t, g, SeatA, `{"type":"intercept","unit":"a2"}`) // b2 strikes a2 first
	do(t, g, SeatA, `{"type":"pass"}`)
	if !slices.Equal(g.contacts, [][2]string{{"a1", "b1"}, {"b2", "a2"}}) {
		t.Fatalf("contacts %v; want two engagements", g.contacts)
	}
	refused(t, g, SeatB, `{"type":"carry_on","unit":"b1","target":"a2"}`, "not_in_contact")
	refused(t, g, SeatB, `{"type":"carry_on","unit":"b1","target":"b2"}`, "own_unit")
	if got := legalTypes(g, SeatB); slices.Contains(got, "carry_on b1a2") || !slices.Contains(got, "carry_on b1a1") {
		t.Fatalf("B may carry on %v", got)
	}
}

// A shot at an engagement divides its hits over every unit in it, rounded
// up: 1 hit on an engagement of three is 1 hit on each; 3 hits on an
// engagement of two are 2 on each.
func TestShotSplitsRoundedUp(t *testing.T) {
	t.Run("one hit over three units", func(t *testing.T) {
		g, miss := engagedThenCharge(t, "CON17")
		do(t, g, SeatA, `{"type":"hold"}`)
		miss()
		do(t, g, SeatB, `{"type":"charge_target","target":"a1"}`)
		g.rigged = []int{4} // one face of 4,5,6,6
		evs := do(t, g, SeatA, `{"type":"shoot","unit":"a2","target":"b1"}`)
		// Dice read as a sentence, not as a list of numbers.
		if !slices.Contains(evs, eventsSeen{"roll", "Confederacy's Ord. Rifle 4-5-6-6 shoots and rolls 4 against its faces 4, 5, 6 and 6: one hit."}) {
			t.Fatalf("events %v", evs)
		}
		if !slices.Contains(evs, eventsSeen{"split", "The shot falls on an engagement of 3 units: one hit on each."}) {
			t.Fatalf("events %v", evs)
		}
		var got []string
		for g.awaiting() != nil {
			p := g.view(g.actor()).Pending
			got = append(got, fmt.Sprintf("%s:%d", p.Unit, p.Hits))
			u := g.unit(p.Unit)
			do(t, g, u.owner, `{"type":"wound","troop":"%s"}`, u.troops[0].tile.ID)
		}
		if !slices.Equal(got, []string{"b1:1", "a1:1", "b2:1"}) {
			t.Fatalf("hits assigned %v; want the target first, then its engagement", got)
		}
		tokenBooks(t, g)
	})
	t.Run("three hits over two units", func(t *testing.T) {
		g := scenario(t, SeatA, []stack{{"CON22", "center_front"}, {"CON06 CON17", "center_front"}},
			[]stack{{"UNI12 UNI13", "center_front"}})
		do(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
		g.rigged = []int{1, 1, 1}
		do(t, g, SeatB, `{"type":"hold"}`)
		do(t, g, SeatB, `{"type":"pass"}`)
		g.rigged = []int{6, 4} // the Lieutenant's Volley: 2 dice, 2+1 hits
		do(t, g, SeatA, `{"type":"shoot","unit":"a2","target":"b1"}`)
		if g.last.Hits != 3 {
			t.Fatalf("the shot scored %d hits", g.last.Hits)
		}
		if p := g.view(SeatB).Pending; p == nil || p.Unit != "b1" || p.Hits != 2 {
			t.Fatalf("pending %+v; want 2 hits on b1", p)
		}
		do(t, g, SeatB, `{"type":"wound","troop":"UNI12"}`)
		do(t, g, SeatB, `{"type":"wound","troop":"UNI13"}`)
		if p := g.view(SeatA).Pending; p == nil || p.Unit != "a1" || p.Hits != 2 {
			t.Fatalf("pending %+v; want 2 hits on A's own a1", p)
		}
	})
}

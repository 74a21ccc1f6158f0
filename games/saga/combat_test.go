package saga

import (
	"slices"
	"strings"
	"testing"
	"time"

	"periscope/games"
)

// The rulebook's example combat, die for die: "Attacker's strike (6, 1
// strikes 4, 2): The attacker's 6 is the highest die value, so the strike
// succeeds. Defender's counter-strike (3 strikes 3, 1): The defender's 3
// and the attacker's 3 cancel each other out. The attacker's 1 is the
// highest remaining die value, so the counter-strike fails."
func TestRulebookExampleMatching(t *testing.T) {
	s := match([]int{6, 1}, []int{4, 2})
	if !s.Hit || s.Top != 6 || !slices.Equal(s.Pairs, []Pair{{6, 4, false}, {1, 2, false}}) {
		t.Fatalf("attacker's strike %+v; want a success on the 6", s)
	}
	c := match([]int{3}, []int{3, 1})
	if c.Hit || c.Top != 1 || !slices.Equal(c.Pairs, []Pair{{3, 3, true}, {0, 1, false}}) {
		t.Fatalf("counter-strike %+v; want the 3s cancelled and a failure on the 1", c)
	}
}

func TestMatching(t *testing.T) {
	cases := []struct {
		off, def []int
		hit      bool
		top      int
	}{
		{[]int{1, 6}, []int{2, 4}, true, 6}, // sorted highest to lowest first
		{[]int{5}, []int{5}, false, 0},      // everything cancels: no success
		{[]int{6, 3}, []int{6}, true, 3},    // the tie goes, the 3 is left
		{[]int{6, 2}, []int{6, 4}, false, 4},
		{[]int{4, 4}, []int{5, 4}, false, 5},
		{[]int{2}, []int{}, true, 2}, // no DEF dice: any OFF die succeeds
		{[]int{}, []int{1}, false, 1},
		{[]int{}, []int{}, false, 0},
		{[]int{3, 3, 3}, []int{3, 3, 2}, true, 3},
		{[]int{6, 5, 1}, []int{6, 5, 2}, false, 2},
	}
	for _, tc := range cases {
		s := match(tc.off, tc.def)
		if s.Hit != tc.hit || s.Top != tc.top {
			t.Errorf("OFF %v vs DEF %v: hit %v top %d; want %v %d", tc.off, tc.def, s.Hit, s.Top, tc.hit, tc.top)
		}
	}
	if strikeChance(1, 0) != 1 || strikeChance(0, 3) != 0 || strikeChance(3, 1) <= strikeChance(1, 3) {
		t.Fatal("the strike chances are wrong")
	}
}

// exampleSet has the two units of the rulebook's example.
func exampleSet(t testing.TB) *Set {
	t.Helper()
	factions := `{"factions":[
	 {"id":"attackers","name":"Attackers","house":false,"base":"Camp","units":[
	  {"id":"attacker","name":"Attacker","type":"human","count":1,"cost":100,"melee":[2,2],"ballistics":[0,0],"arcane":[0,0],"terrain":["forest"],"abilities":[]}]},
	 {"id":"defenders","name":"Defenders","house":false,"base":"Fort","units":[
	  {"id":"defender","name":"Defender","type":"human","count":1,"cost":100,"melee":[1,2],"ballistics":[0,0],"arcane":[0,0],"terrain":[],"abilities":[]}]}]}`
	s, err := LoadSet([]byte(factions), terrainJSON)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The example played through the engine: the Attacker (OFF 2, DEF 2) close
// assaults the Defender (OFF 1, DEF 2) on a Forest, its terrain advantage,
// so the assault waits for its one re-roll; with the example's dice the
// Defender is captured and the Attacker takes its tile.
func TestRulebookExampleCombat(t *testing.T) {
	o := Options{RavenFaction: "attackers", WolfFaction: "defenders"}
	g := arrangeWith(t, exampleSet(t), o, 1, field, []string{"attacker_1 0,-1", "defender_1 0,-2"})
	evs := mustApply(t, g, Raven, `{"type":"close_assault","unit":"attacker_1","target":"0,-2","combat":"melee"}`)
	if g.fight == nil || g.fight.situation != [2]int{1, 0} {
		t.Fatalf("events %v; want an assault waiting for the attacker's terrain re-roll", kinds(evs))
	}
	if len(g.fight.dice[0].Off) != 2 || len(g.fight.dice[0].Def) != 2 || len(g.fight.dice[1].Off) != 1 || len(g.fight.dice[1].Def) != 2 {
		t.Fatalf("dice %+v; want 2 OFF and 2 DEF against 1 OFF and 2 DEF", g.fight.dice)
	}
	g.fight.dice = [2]dice{{Off: []int{6, 1}, Def: []int{3, 1}}, {Off: []int{3}, Def: []int{4, 2}}}
	refused(t, g, Wolf, `{"type":"pass"}`, "not_your_reroll")
	combat := fightEvent(t, mustApply(t, g, Raven, `{"type":"pass"}`), "combat")
	if combat.Result != ResultCaptured || !combat.Strike.Hit || combat.Counters == nil || combat.Counters.Hit || combat.Counters.Top != 1 {
		t.Fatalf("combat %+v; want the strike to succeed and the counter-strike to fail on the 1", combat)
	}
	if u := g.units[unitByID(t, g, "defender_1")]; u.where != captured {
		t.Fatal("the defender is not captured")
	}
	if u := g.units[unitByID(t, g, "attacker_1")]; u.at != (Hex{0, -2}) {
		t.Fatalf("the attacker is on %s; a close assault that wins takes the tile", u.at)
	}
	if o := g.Outcome(); o == nil || o.Winners[0] != Raven {
		t.Fatalf("Wolf's whole force is captured; outcome %+v", o)
	}
}

// force sets an assault's dice and resolves it (no re-rolls left).
func force(t testing.TB, g *Game, seat int, body string, d [2]dice) []games.Event {
	t.Helper()
	mustApply(t, g, seat, body)
	if g.fight == nil {
		t.Fatalf("%s resolved at once; the test needs re-rolls to hold it", body)
	}
	g.fight.dice = d
	g.fight.special, g.fight.situation = [2]int{}, [2]int{}
	return g.advance(t0)
}

// "If one strike succeeds, the struck unit is captured and removed from
// the map. If both ... both units are captured and removed. If neither
// strike succeeds, the combat is a stalemate and the attacker returns to
// their tile." A ranged attacker never moves.
func TestAssaultResults(t *testing.T) {
	// The Troll on 0,-3 has Thick Hide, so every assault on it waits.
	units := []string{"einherjar_1 0,-2", "valkyrie_1 1,-3", "troll_1 0,-3", "einherjar_2 -1,0", "draugr_1 2,-3"}
	close := `{"type":"close_assault","unit":"einherjar_1","target":"0,-3","combat":"melee"}`
	ranged := `{"type":"ranged_assault","unit":"valkyrie_1","target":"0,-3","combat":"ballistics"}`
	cases := []struct {
		name, body string
		d          [2]dice
		result     string
		attacker   string // where the attacker ends: a position or "captured"
		defender   int
	}{
		{"close, strike", close, [2]dice{{[]int{6, 1}, []int{2, 2}}, {[]int{1, 1, 1}, []int{4, 2}}}, ResultCaptured, "0,-3", captured},
		{"close, both", close, [2]dice{{[]int{6, 1}, []int{1, 1}}, {[]int{5, 1, 1}, []int{4, 2}}}, ResultBothCaptured, "captured", captured},
		{"close, counter", close, [2]dice{{[]int{3, 1}, []int{1, 1}}, {[]int{5, 1, 1}, []int{4, 2}}}, ResultAttackerCaptured, "captured", onMap},
		{"close, stalemate", close, [2]dice{{[]int{3, 1}, []int{6, 1}}, {[]int{5, 1, 1}, []int{4, 2}}}, ResultStalemate, "0,-2", onMap},
		// The Valkyrie's Ballistics 2/1 against the Troll's 0/1: no counter-strike.
		{"ranged, strike", ranged, [2]dice{{[]int{6, 1}, []int{}}, {[]int{}, []int{4}}}, ResultCaptured, "1,-3", captured},
		{"ranged, stalemate", ranged, [2]dice{{[]int{2, 1}, []int{}}, {[]int{}, []int{4}}}, ResultStalemate, "1,-3", onMap},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := arrange(t, Options{}, field, units)
			evs := force(t, g, Raven, tc.body, tc.d)
			combat := fightEvent(t, evs, "combat")
			if combat.Result != tc.result {
				t.Fatalf("result %q; want %q (%v)", combat.Result, tc.result, evs)
			}
			c := mustDecode(t, tc.body)
			a := g.units[unitByID(t, g, c.Unit)]
			where := a.at.String()
			if a.where == captured {
				where = "captured"
			}
			if where != tc.attacker {
				t.Fatalf("the attacker ends %s; want %s", where, tc.attacker)
			}
			if d := g.units[unitByID(t, g, "troll_1")]; d.where != tc.defender {
				t.Fatalf("the defender is %d; want %d", d.where, tc.defender)
			}
			if g.turn != Wolf || g.fight != nil {
				t.Fatal("the turn does not pass after the assault")
			}
		})
	}
}

// "To win, a player must ... assault and defeat their opponent's base.
// When assaulted, bases always defend with 3 Defense dice."
func TestAssaultBase(t *testing.T) {
	units := []string{"einherjar_1 0,-4", "troll_1 1,-5", "draugr_1 -1,-3"}
	body := `{"type":"close_assault","unit":"einherjar_1","target":"0,-5","combat":"melee"}`
	tiles := append(slices.Clone(field), "1,-5 field")
	g := arrange(t, Options{}, tiles, units)
	mustApply(t, g, Raven, body)
	f := g.fight
	if f == nil || len(f.dice[1].Def) != BaseDefence || len(f.dice[1].Off) != 0 || f.counter {
		t.Fatalf("assault on the base %+v; want 3 DEF dice, no counter-strike", f)
	}
	// The Troll next to the base assists it: one re-roll; the base's own
	// tile gives nothing else. The Draugr is not next to 0,-5.
	if f.situation != [2]int{0, 1} {
		t.Fatalf("situational re-rolls %v; want the Troll's assist for the base", f.situation)
	}
	g.fight.dice = [2]dice{{Off: []int{6, 2}, Def: []int{1, 1}}, {Off: []int{}, Def: []int{5, 2, 1}}}
	g.fight.situation = [2]int{}
	evs := g.advance(t0)
	if o := g.Outcome(); o == nil || o.Winners[0] != Raven || !strings.Contains(o.Reason, "Hel's Gate") {
		t.Fatalf("outcome %+v after %v", o, kinds(evs))
	}
	g = arrange(t, Options{}, tiles, units)
	force(t, g, Raven, body, [2]dice{{Off: []int{5, 2}, Def: []int{}}, {Off: []int{}, Def: []int{5, 4, 1}}})
	if g.Outcome() != nil || g.units[0].at != (Hex{0, -4}) {
		t.Fatal("a base that holds still lost, or the attacker did not return")
	}
}

// Situational re-rolls: terrain advantage (close: the assaulted tile;
// ranged: each side's own tile) and assists from units next to the
// assaulted tile (two from a base, one more with Shield Wall).
func TestSituationalRerolls(t *testing.T) {
	cases := []struct {
		name  string
		units []string
		body  string
		want  [2]int
	}{
		{"close into the attacker's terrain (Berserker, Forest)", []string{"berserker_1 0,-1", "troll_1 0,-2"},
			`{"type":"close_assault","unit":"berserker_1","target":"0,-2","combat":"melee"}`, [2]int{1, 1}},
		{"close from the attacker's terrain does not count", []string{"berserker_1 -1,-1", "draugr_1 -1,-2"},
			`{"type":"close_assault","unit":"berserker_1","target":"-1,-2","combat":"melee"}`, [2]int{0, 0}},
		{"ranged from the attacker's own terrain (Valkyrie, Hills)", []string{"valkyrie_1 -1,0", "draugr_1 -1,-1"},
			`{"type":"ranged_assault","unit":"valkyrie_1","target":"-1,-1","combat":"ballistics"}`, [2]int{1, 0}},
		{"an ally next to the assaulted tile assists", []string{"spear_thegn_1 0,-2", "spear_thegn_2 1,-3", "draugr_1 0,-3"},
			`{"type":"close_assault","unit":"spear_thegn_1","target":"0,-3","combat":"melee"}`, [2]int{1, 1}},
		{"Shield Wall grants two", []string{"spear_thegn_1 0,-2", "einherjar_1 1,-3", "draugr_1 0,-3"},
			`{"type":"close_assault","unit":"spear_thegn_1","target":"0,-3","combat":"melee"}`, [2]int{2, 1}},
		{"an adjacent base grants two", []string{"spear_thegn_1 0,-3", "draugr_1 0,-4", "troll_1 1,-1"},
			`{"type":"close_assault","unit":"spear_thegn_1","target":"0,-4","combat":"melee"}`, [2]int{0, 2}},
		{"ranged: assists around the defender's tile only", []string{"valkyrie_1 0,-2", "spear_thegn_1 0,-1", "troll_1 0,-3", "draugr_1 0,-4"},
			`{"type":"ranged_assault","unit":"valkyrie_1","target":"0,-3","combat":"ballistics"}`, [2]int{0, 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := arrange(t, Options{}, field, tc.units)
			before := clone(g)
			mustApply(t, g, Raven, tc.body)
			got := [2]int{}
			if g.fight != nil {
				got = g.fight.situation
			}
			// Count from the start position too, when it resolved at once.
			f := &assault{}
			c := mustDecode(t, tc.body)
			f.attacker = unitByID(t, before, c.Unit)
			f.from = before.units[f.attacker].at
			f.at = mustHex(t, c.Target)
			f.close = c.Type == TypeCloseAssault
			f.defender = before.occupant(f.at)
			if n := before.situational(f); n != tc.want || (g.fight != nil && got != tc.want) {
				t.Fatalf("situational re-rolls %v (in the match %v); want %v", n, got, tc.want)
			}
		})
	}
}

// "Re-rolls granted by special abilities may be used first. Each unit may
// then use any Situational re-rolls." "Alternate re-rolls starting with
// the attacker, one at a time."
func TestRerollOrder(t *testing.T) {
	// The Berserker (Battle Fury: 1 special when attacking) on a Field
	// close-assaults the Troll (Thick Hide: 1 special when defending) on a
	// Forest: specials 1/1; situational: Berserker 1 (Forest) + Spear-Thegn
	// next to 0,-2 (1); the Troll 1 (Forest) + Draugr next to 0,-2 (1).
	units := []string{"berserker_1 0,-1", "spear_thegn_1 1,-2", "troll_1 0,-2", "draugr_1 -1,-2"}
	g := arrange(t, Options{}, field, units)
	mustApply(t, g, Raven, `{"type":"close_assault","unit":"berserker_1","target":"0,-2","combat":"melee"}`)
	f := g.fight
	if f.special != [2]int{1, 1} || f.situation != [2]int{2, 2} || f.stage != stageSpecial || f.actor != attackerSide {
		t.Fatalf("assault %+v", f)
	}
	v := g.view(Raven)
	if v.Turn != Raven || v.Fight.Stage != "special" || v.Legal[len(v.Legal)-1].Command.Type != TypePass {
		t.Fatalf("Raven's view %+v", v.Fight)
	}
	refused(t, g, Raven, `{"type":"move","unit":"spear_thegn_1","to":"1,-1"}`, "assault_pending")
	refused(t, g, Wolf, `{"type":"reroll","dice":"off","index":0}`, "not_your_reroll")
	refused(t, g, Raven, `{"type":"reroll","dice":"off","index":3}`, "no_such_die")
	refused(t, g, Raven, `{"type":"reroll","dice":"red","index":0}`, "unknown_dice")
	refused(t, g, Raven, `{"type":"reroll","dice":"off","index":-1}`, "no_such_die")
	steps := []struct {
		seat      int
		body      string
		stage     int
		actor     int
		special   [2]int
		situation [2]int
	}{
		{Raven, `{"type":"reroll","dice":"off","index":0}`, stageSpecial, defenderSide, [2]int{0, 1}, [2]int{2, 2}},
		{Wolf, `{"type":"reroll","dice":"def","index":1}`, stageSituational, attackerSide, [2]int{0, 0}, [2]int{2, 2}},
		{Raven, `{"type":"reroll","dice":"def","index":0}`, stageSituational, defenderSide, [2]int{0, 0}, [2]int{1, 2}},
		{Wolf, `{"type":"pass"}`, stageSituational, attackerSide, [2]int{0, 0}, [2]int{1, 2}},
		// Wolf has passed: Raven re-rolls on alone until it runs out.
	}
	for i, st := range steps {
		mustApply(t, g, st.seat, st.body)
		f := g.fight
		if f.stage != st.stage || f.actor != st.actor || f.special != st.special || f.situation != st.situation {
			t.Fatalf("step %d: stage %d actor %d special %v situation %v", i, f.stage, f.actor, f.special, f.situation)
		}
	}
	evs := mustApply(t, g, Raven, `{"type":"reroll","dice":"off","index":1}`)
	if g.fight != nil || !slices.Contains(kinds(evs), "combat") {
		t.Fatalf("the assault did not resolve when the re-rolls ran out: %v", kinds(evs))
	}
}

// Automatic re-rolls resolve the assault within the command.
func TestAutoRerolls(t *testing.T) {
	for seed := range uint64(20) {
		g := arrangeSeed(t, Options{Rerolls: RerollAuto}, seed, field, []string{"berserker_1 0,-1", "spear_thegn_1 1,-2", "troll_1 0,-2", "draugr_1 -1,-2"})
		evs := mustApply(t, g, Raven, `{"type":"close_assault","unit":"berserker_1","target":"0,-2","combat":"melee"}`)
		if g.fight != nil || !slices.Contains(kinds(evs), "combat") {
			t.Fatalf("seed %d: %v", seed, kinds(evs))
		}
		if _, ok := g.Deadline(); ok {
			t.Fatal("a deadline in automatic mode")
		}
	}
}

// With the re-roll timer, the room's tick plays a late player's re-roll.
func TestRerollTimer(t *testing.T) {
	units := []string{"berserker_1 0,-1", "troll_1 0,-2"}
	g := arrange(t, Options{RerollSeconds: 20}, field, units)
	if _, ok := g.Deadline(); ok {
		t.Fatal("a deadline before any assault")
	}
	refused(t, g, games.System, `{"type":"tick"}`, "no_timer")
	mustApply(t, g, Raven, `{"type":"close_assault","unit":"berserker_1","target":"0,-2","combat":"melee"}`)
	d, ok := g.Deadline()
	if !ok || !d.Equal(t0.Add(20*time.Second)) {
		t.Fatalf("deadline %v %v", d, ok)
	}
	refused(t, g, games.System, `{"type":"tick"}`, "timer_running")
	refused(t, g, Raven, `{"type":"tick"}`, "room_only")
	before := g.fight.special[0] + g.fight.situation[0]
	evs, err := g.Apply(games.Command{Seat: games.System, Body: games.TickBody, Time: d})
	if err != nil {
		t.Fatal(err)
	}
	if evs[0].Kind != "timeout" {
		t.Fatalf("events %v", kinds(evs))
	}
	if g.fight != nil {
		if after := g.fight.special[0] + g.fight.situation[0]; after == before && !g.fight.passed[0] {
			t.Fatal("the tick did not play Raven's re-roll")
		}
		if d2, _ := g.Deadline(); !d2.Equal(d.Add(20 * time.Second)) {
			t.Fatalf("the next decision's deadline is %v", d2)
		}
	}
}

// Restless Dead (return_on_capture 5): a captured Draugr goes back to the
// reserves on a 5 or 6.
func TestReturnOnCapture(t *testing.T) {
	for _, back := range []bool{true, false} {
		build := func(seed uint64) *Game {
			return arrangeSeed(t, Options{}, seed, field, []string{"valkyrie_1 0,-1", "draugr_1 0,-2", "draugr_2 1,-3"})
		}
		g := withSeed(t, build, func(g *Game) bool {
			d := g.units[unitByID(t, g, "draugr_1")]
			g.fight = &assault{attacker: unitByID(t, g, "valkyrie_1"), defender: unitByID(t, g, "draugr_1"), combat: Ballistics,
				from: Hex{0, -1}, at: d.at, dist: 1, dice: [2]dice{{Off: []int{6}, Def: []int{}}, {Off: []int{}, Def: []int{1}}}}
			evs := g.advance(t0)
			return slices.Contains(kinds(evs), "returned") == back
		})
		d := g.units[unitByID(t, g, "draugr_1")]
		if back && d.where != inReserve || !back && d.where != captured {
			t.Fatalf("Draugr where=%d; back=%v", d.where, back)
		}
	}
}

// Special-ability re-rolls by data: Battle Fury attacks, Unbroken and Thick
// Hide defend, Hel's Favour works both ways.
func TestSpecialRerolls(t *testing.T) {
	set := HouseSet()
	cases := []struct {
		faction, card  string
		attack, defend int
	}{
		{"aesir_host", "berserker", 1, 0},
		{"aesir_host", "shieldmaiden", 0, 1},
		{"jotnar_horde", "troll", 0, 1},
		{"jotnar_horde", "hel_witch", 1, 1},
		{"aesir_host", "einherjar", 0, 0},
	}
	for _, tc := range cases {
		f := set.faction(tc.faction)
		for i := range f.Units {
			c := &f.Units[i]
			if c.ID == tc.card && (c.specialRerolls(true) != tc.attack || c.specialRerolls(false) != tc.defend) {
				t.Errorf("%s: %d attacking, %d defending", c.ID, c.specialRerolls(true), c.specialRerolls(false))
			}
		}
	}
}

// When the last units of both forces fall together, the match is a draw.
func TestBothForcesCaptured(t *testing.T) {
	g := arrange(t, Options{}, field, []string{"einherjar_1 0,-2", "troll_1 0,-3"})
	for i := range g.units {
		if g.units[i].where == inReserve {
			g.units[i].where = captured
		}
	}
	force(t, g, Raven, `{"type":"close_assault","unit":"einherjar_1","target":"0,-3","combat":"melee"}`,
		[2]dice{{Off: []int{6, 1}, Def: []int{1, 1}}, {Off: []int{6, 1, 1}, Def: []int{2, 1}}})
	if o := g.Outcome(); o == nil || len(o.Winners) != 0 || !strings.Contains(o.Reason, "draw") {
		t.Fatalf("outcome %+v", o)
	}
}

// A close assault into Water checks for drowning before combat starts.
func TestCloseAssaultIntoWater(t *testing.T) {
	build := func(seed uint64) *Game {
		return arrangeSeed(t, Options{}, seed, field, []string{"einherjar_1 0,-3", "draugr_1 0,-4"})
	}
	g := withSeed(t, build, func(g *Game) bool {
		evs := mustApply(t, g, Raven, `{"type":"close_assault","unit":"einherjar_1","target":"0,-4","combat":"melee"}`)
		return slices.Equal(kinds(evs), []string{"assault", "drowning", "captured"})
	})
	if g.fight != nil || g.units[unitByID(t, g, "draugr_1")].where != onMap || g.turn != Wolf {
		t.Fatal("a drowned attacker still fought")
	}
	g = withSeed(t, build, func(g *Game) bool {
		evs := mustApply(t, g, Raven, `{"type":"close_assault","unit":"einherjar_1","target":"0,-4","combat":"melee"}`)
		return len(evs) > 2 && evs[1].Kind == "drowning" && evs[2].Kind == "roll"
	})
	if g.units[unitByID(t, g, "einherjar_1")].where == captured && g.fight != nil {
		t.Fatal("inconsistent")
	}
}

// "Melee may only be matched against Melee, while Arcane must be matched
// against Arcane"; ranged assaults likewise: each side rolls the dice of
// the declared ability only.
func TestLikeAgainstLike(t *testing.T) {
	cases := []struct {
		name   string
		units  []string
		body   string
		att    [2]int // the attacker's OFF and DEF dice
		def    [2]int // the defender's OFF and DEF dice
		strike bool   // the defender counter-strikes
	}{
		{"close Melee: Einherjar 2/2 on a Troll 3/2", []string{"einherjar_1 0,-2", "troll_1 0,-3"},
			`{"type":"close_assault","unit":"einherjar_1","target":"0,-3","combat":"melee"}`, [2]int{2, 2}, [2]int{3, 2}, true},
		{"close Arcane: Völva 3/2 on the Witch of Hel 3/3", []string{"volva_1 0,-2", "hel_witch_1 0,-3"},
			`{"type":"close_assault","unit":"volva_1","target":"0,-3","combat":"arcane"}`, [2]int{3, 2}, [2]int{3, 3}, true},
		{"ranged Ballistics: Valkyrie 2/1 on an Ice Slinger 2/2", []string{"valkyrie_1 0,-2", "ice_slinger_1 0,-3"},
			`{"type":"ranged_assault","unit":"valkyrie_1","target":"0,-3","combat":"ballistics"}`, [2]int{2, 1}, [2]int{2, 2}, true},
		{"ranged Arcane: Völva 3/2 on a Troll 0/1", []string{"volva_1 0,-2", "troll_1 0,-3"},
			`{"type":"ranged_assault","unit":"volva_1","target":"0,-3","combat":"arcane"}`, [2]int{3, 0}, [2]int{0, 1}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := arrange(t, Options{}, field, tc.units)
			roll := fightEvent(t, mustApply(t, g, Raven, tc.body), "roll")
			a, d := roll.Sides[0].Dice, roll.Sides[1].Dice
			if got := [2]int{len(a.Off), len(a.Def)}; got != tc.att {
				t.Errorf("the attacker rolls %v OFF/DEF dice; want %v", got, tc.att)
			}
			if got := [2]int{len(d.Off), len(d.Def)}; got != tc.def {
				t.Errorf("the defender rolls %v OFF/DEF dice; want %v", got, tc.def)
			}
			if roll.Counter != tc.strike || roll.Combat != mustDecode(t, tc.body).Combat {
				t.Errorf("combat %s, counter-strike %v; want %v", roll.Combat, roll.Counter, tc.strike)
			}
		})
	}
}

// The re-roll search's strike matches dice as match does, for every roll
// of up to three OFF against three DEF dice.
func TestHitsAgreesWithMatch(t *testing.T) {
	var rec func(off, def []int)
	n := 0
	rec = func(off, def []int) {
		if got, want := hits(sortedPool(off), sortedPool(def)), match(off, def).Hit; got != want {
			t.Fatalf("OFF %v against DEF %v: hits says %v, match %v", off, def, got, want)
		}
		n++
		if len(off) < 3 {
			for x := 1; x <= 6; x++ {
				rec(append(append([]int{}, off...), x), def)
			}
		}
		if len(off) == 0 && len(def) < 3 {
			for x := 1; x <= 6; x++ {
				rec(off, append(append([]int{}, def...), x))
			}
		}
	}
	rec(nil, nil)
	// OFF dice only grow after DEF ones are set, so every pair is met.
	if n < 1000 {
		t.Fatalf("only %d rolls checked", n)
	}
}

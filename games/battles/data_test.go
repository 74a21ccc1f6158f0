package battles

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The rulebook's example armies, line by line as printed: the tile's name
// and dice, its code, and the DP mark closing a unit (0 inside a unit).
var rulebookExamples = []struct {
	army, preset string
	lines        []string
}{
	{"confederacy", "rulebook_50", []string{
		"MILITIA 4-4 (CON10)", "MILITIA 5-5 (CON11)", "MILITIA 6-6 (CON12) 6DP",
		"CAVALRY 4-4-6 (CON24)", "CONS. INFANTRY 5-6-6 (CON14) 8DP",
		"CAVALRY 2-2-6 (CON22)", "CONS. INFANTRY 3-4-4 (CON13) 8DP",
		"CAPTAIN (CON04)", "CAVALRY 5-5-6 (CON25)", "MOUN. INFANTRY 4-4-4 (CON19) 13DP",
		"ORD. RIFLE 4-5-6-6 (CON17) 5DP",
		"LIEUTENANT (CON06)", "PARROT RIFLE 4-5-6 (CON09) 10DP"}},
	{"union", "rulebook_50", []string{
		"GATLING GUN 5-6 (UNI11) 5DP", "NAPOLEON GUN 4-5-6 (UNI10) 6DP", "CHAPLAIN (UNI03) 4DP",
		"IRON BRIGADE 2-6-2-6 (UNI25)", "MOUN. INFANTRY 4-6-6 (UNI16) 10DP",
		"CAVALRY 2-3-6 (UNI12)", "MOUN. INFANTRY 4-5-4 (UNI14) 9DP",
		"CAVALRY 4-5-6 (UNI13)", "MOUN. INFANTRY 5-6-5 (UNI15) 9DP",
		"VOLOUNTEERS 4-4 (UNI22)", "VOLOUNTEERS 5-5 (UNI23)", "REG. INFANTRY 6-6-2 (UNI30) 7DP"}},
	{"confederacy", "rulebook_80", []string{
		"GENERAL 2-3-3 (CON01) 6DP", "ORD. RIFLE 4-5-6-6 (CON17) 5DP",
		"LIEUTENANT (CON06)", "REG. INFANTRY 3-3-4 (CON27)", "REG. INFANTRY 4-4-5 (CON28)", "REG. INFANTRY 5-5-6 (CON29)", "REG. INFANTRY 6-6-2 (CON30) 16DP",
		"SHARPSHOOTERS 5-6 (CON07) 4DP", "PARROT RIFLE 4-5-6 (CON9) 6DP",
		"DRUMMER (CON05)", "CAVALRY 2-2-6 (CON22)", "CONS. INFANTRY 3-4-4 (CON13)", "MOUN. INFANTRY 6-6-6 (CON21) 16DP",
		"CAPTAIN (CON4)", "PARTISAN RANGERS 6-6 (CON16)", "CAVALRY 5-5-6 (CON25) 13DP",
		"MAJOR 6-6 (CON3)", "MILITIA 4-4 (CON10)", "CAVALRY 3-3-6 (CON23)", "REG. INFANTRY 2-2-3 (CON26) 14DP"}},
	{"union", "rulebook_80", []string{
		"HOWITZER 5-6 (UNI09) 6DP", "AMBULANCE CORP (UNI05) 4DP", "GENERAL (UNI02) 5DP", "NAPOLEON GUNS 4-5-6 (UNI10) 6DP",
		"SIGNAL CORP (UNI06) 5DP", "CAPTAIN (UNI04)", "MARKSMEN 4-5-6 (UNI08) 9DP", "GATLING GUN 5-6 (UNI11) 5DP",
		"COLONEL (UNI01)", "IRON BRIGADE 2-6-2-6 (UNI25)", "CAVALRY 2-3-6 (UNI12) 16DP",
		"BUSHWACKERS 2-2 (UNI19)", "CAVALRY 4-5-6 (UNI13) 9DP",
		"ZOUAVES 6-5-6 (UNI18)", "REG. INFANTRY 2-2-3 (UNI26)", "REG. INFANTRY 4-4-5 (UNI28) 10DP",
		"VOLOUNTEERS 4-4 (UNI22)", "REG. INFANTRY 5-5-6 (UNI29) 5DP"}},
}

// exampleLine reads "NAME d-d-d (CON9) 6DP" into a tile id, dice, DP mark.
func exampleLine(t *testing.T, line string) (id string, faces []int, mark int) {
	open, close := strings.Index(line, "("), strings.Index(line, ")")
	code := line[open+1 : close]
	n, err := strconv.Atoi(code[3:])
	if err != nil {
		t.Fatalf("%q: bad code", line)
	}
	id = fmt.Sprintf("%s%02d", code[:3], n)
	for _, w := range strings.Fields(line[:open]) {
		if !strings.Contains(w, "-") {
			continue
		}
		for _, f := range strings.Split(w, "-") {
			d, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("%q: bad dice %q", line, w)
			}
			faces = append(faces, d)
		}
	}
	if rest := strings.TrimSpace(line[close+1:]); rest != "" {
		mark, err = strconv.Atoi(strings.TrimSuffix(rest, "DP"))
		if err != nil {
			t.Fatalf("%q: bad DP mark", line)
		}
	}
	return id, faces, mark
}

// Every example army of the rulebook is made of our tiles: each tile shows
// the printed dice, each unit costs the printed DP mark, the 50- and
// 80-point armies add up exactly, and our presets are those armies.
func TestRulebookExamplesAddUp(t *testing.T) {
	for _, ex := range rulebookExamples {
		t.Run(ex.army+"_"+ex.preset, func(t *testing.T) {
			a := content.Army(ex.army)
			var units [][]string
			var cur []string
			sum, total := 0, 0
			for _, line := range ex.lines {
				id, faces, mark := exampleLine(t, line)
				tile := a.Tile(id)
				if tile == nil {
					t.Fatalf("%s: no tile %s", line, id)
				}
				got := slices.Sorted(slices.Values(slices.Concat(tile.Black, tile.White)))
				slices.Sort(faces)
				if !slices.Equal(got, faces) {
					t.Errorf("%s: tile %s shows dice %v, the rulebook %v", line, id, got, faces)
				}
				if tile.House {
					t.Errorf("%s: tile %s is in the rulebook but marked house", line, id)
				}
				cur = append(cur, id)
				sum += tile.DP
				if mark > 0 {
					if sum != mark {
						t.Errorf("unit %v costs %d DP; the rulebook prints %d", cur, sum, mark)
					}
					units = append(units, cur)
					total += sum
					cur, sum = nil, 0
				}
			}
			want := map[string]int{"rulebook_50": 50, "rulebook_80": 80}[ex.preset]
			if len(cur) > 0 || total != want {
				t.Fatalf("the army adds up to %d DP (open unit %v); want exactly %d", total, cur, want)
			}
			p := content.preset(ex.army, ex.preset)
			if p == nil || !slices.EqualFunc(p.Units, units, slices.Equal) {
				t.Fatalf("preset %s differs from the rulebook's units %v", ex.preset, units)
			}
			for _, u := range units {
				if err := content.checkUnit(a, u); err != nil {
					t.Errorf("the rulebook's unit %v breaks our composition rules: %v", u, err)
				}
			}
		})
	}
}

// Single tiles whose DP the rulebook prints (a unit of one, or a mark
// minus known tiles), and the rulebook's sentences on wounds.
func TestKnownTileValues(t *testing.T) {
	for _, c := range []struct {
		id         string
		dp, wounds int
	}{
		{"CON01", 6, -1}, {"CON07", 4, -1}, {"CON09", 6, -1}, {"CON06", 4, -1}, {"CON17", 5, -1},
		{"UNI02", 5, -1}, {"UNI03", 4, -1}, {"UNI05", 4, -1}, {"UNI06", 5, -1}, {"UNI09", 6, -1}, {"UNI10", 6, -1}, {"UNI11", 5, -1},
		{"CON22", -1, 2}, {"UNI12", -1, 2}, {"CON10", -1, 1}, // "2 Cavalry (2 Wound Points each) and 1 Militia (1 Wound Point)"
	} {
		tile := content.Army(map[byte]string{'C': "confederacy", 'U': "union"}[c.id[0]]).Tile(c.id)
		if c.dp >= 0 && tile.DP != c.dp {
			t.Errorf("%s costs %d DP; the rulebook says %d", c.id, tile.DP, c.dp)
		}
		if c.wounds >= 0 && tile.Wounds != c.wounds {
			t.Errorf("%s has %d Wound points; the rulebook says %d", c.id, tile.Wounds, c.wounds)
		}
	}
}

// Each army is the box's 30 tiles, numbered 01 to 30.
func TestArmiesHaveThirtyTiles(t *testing.T) {
	for _, a := range content.Armies {
		if len(a.Tiles) != 30 {
			t.Fatalf("%s has %d tiles", a.ID, len(a.Tiles))
		}
		prefix := strings.ToUpper(a.ID[:3])
		for i, tile := range a.Tiles {
			if want := fmt.Sprintf("%s%02d", prefix, i+1); tile.ID != want {
				t.Fatalf("%s tile %d is %s; want %s", a.ID, i, tile.ID, want)
			}
		}
	}
}

// Broken data is refused at load time, naming what is wrong.
func TestLoadRefusesBadData(t *testing.T) {
	army := func(tile string) []byte {
		return []byte(`{"id":"x","name":"X","tiles":[` + tile + `]}`)
	}
	good := `{"id":"X01","name":"Y","dp":1,"formation":1,"wounds":1,"black":[1],"white":[],"traits":[]}`
	for _, c := range []struct {
		name           string
		armies         [][]byte
		traits, preset string
		want           string
	}{
		{"unknown hook", [][]byte{army(good)}, `[{"id":"a","name":"A","text":"t","hook":"fly"}]`, `[]`, "unknown hook"},
		{"special mismatch", [][]byte{army(good)}, `[{"id":"a","name":"A","text":"t","hook":"heal"}]`, `[]`, "special"},
		{"unknown trait", [][]byte{army(`{"id":"X01","name":"Y","dp":1,"formation":1,"wounds":1,"black":[],"white":[],"traits":["zz"]}`)}, `[]`, `[]`, "unknown trait"},
		{"bad face", [][]byte{army(`{"id":"X01","name":"Y","dp":1,"formation":1,"wounds":1,"black":[7],"white":[],"traits":[]}`)}, `[]`, `[]`, "die face"},
		{"duplicate tile", [][]byte{army(good + "," + good)}, `[]`, `[]`, "twice"},
		{"preset sum", [][]byte{army(good)}, `[]`, `[{"id":"p","name":"P","army":"x","dp":5,"units":[["X01"]]}]`, "not 5"},
		{"preset unit", [][]byte{army(good)}, `[]`, `[{"id":"p","name":"P","army":"x","dp":2,"units":[["X01","X01"]]}]`, "twice"},
		{"unknown field", [][]byte{army(`{"id":"X01","colour":"red"}`)}, `[]`, `[]`, "unknown field"},
	} {
		_, err := Load(c.armies, []byte(c.traits), []byte(c.preset))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Load says %v; want an error about %q", c.name, err, c.want)
		}
	}
}

// Each special trait needs an order, each hook is the engine's, and the
// house tiles are exactly the eleven the rulebook never names.
func TestContentLabels(t *testing.T) {
	var house []string
	for _, a := range content.Armies {
		for _, tile := range a.Tiles {
			if tile.House {
				house = append(house, tile.ID)
			}
		}
	}
	want := []string{"CON02", "CON08", "CON15", "CON18", "CON20", "UNI07", "UNI17", "UNI20", "UNI21", "UNI24", "UNI27"}
	if !slices.Equal(house, want) {
		t.Fatalf("house tiles %v; want %v", house, want)
	}
	if !strings.Contains(strings.Join(Definition.House, " "), strings.Join(want, ", ")) {
		t.Fatal("the Definition's house list does not name the house tiles")
	}
	for _, tr := range content.Traits {
		if tr.Special != hooks[tr.Hook] {
			t.Errorf("trait %s: special=%v", tr.ID, tr.Special)
		}
	}
}

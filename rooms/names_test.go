package rooms

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// FuzzCleanName: whatever a phone sends as a name, the name kept shows
// no format or control character, is NFC, fits MaxName, cleans to itself,
// and a joiner slipped inside it does not make another name.
func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"Ana", "A\u200Bna", "Ana\u200D", "\u202EanA", "Zoe\u0308", "  x\ty ", "ǅemal", "ß", "\xff", "👨\u200D👩\u200D👧"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		name, err := cleanName(in)
		if err != nil {
			return
		}
		if !utf8.ValidString(name) || utf8.RuneCountInString(name) > MaxName || name == "" {
			t.Fatalf("%q kept as %q", in, name)
		}
		for _, c := range name {
			if hiddenRune(c) || unicode.IsControl(c) {
				t.Fatalf("%q kept as %q, with %U", in, name, c)
			}
		}
		if !norm.NFC.IsNormalString(name) || strings.Contains(name, "  ") || strings.TrimSpace(name) != name {
			t.Fatalf("%q kept as %q: not NFC or spaces unfolded", in, name)
		}
		if again, err := cleanName(name); err != nil || again != name {
			t.Fatalf("%q cleans to %q, then to %q (%v)", in, name, again, err)
		}
		// An invisible character added anywhere does not make a new name.
		if disguised, err := cleanName(name[:len(name)/2] + "\u200D" + name[len(name)/2:]); err == nil && utf8.ValidString(name[:len(name)/2]) && nameKey(disguised) != nameKey(name) {
			t.Fatalf("%q with a joiner inside compares apart from %q", disguised, name)
		}
	})
}

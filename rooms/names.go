package rooms

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// RuleNameTaken: two seats of a room never carry names that look alike
// (the same letters once invisible characters, case and Unicode forms are
// set aside), so a phone cannot pass for another player in a claim or in
// the table's list.
const RuleNameTaken = "name_taken"

// cleanName keeps what a name shows. Control characters become spaces;
// format characters (Unicode Cf: zero-width spaces and joiners, bidi
// embeddings, overrides, isolates and marks, soft hyphens) are removed,
// as they show nothing or reorder the text around them; runs of spaces
// fold to one; the result is in Unicode NFC, so a letter typed as one
// code point or as a letter and an accent is stored the same. What is
// left must fit MaxName.
func cleanName(name string) (string, error) {
	if !utf8.ValidString(name) {
		return "", errorf(CodeBadRequest, "the name is not valid UTF-8 text")
	}
	name = strings.Map(func(c rune) rune {
		switch {
		case unicode.IsControl(c):
			return ' '
		case hiddenRune(c):
			return -1
		}
		return c
	}, name)
	name = norm.NFC.String(strings.Join(strings.FieldsFunc(name, unicode.IsSpace), " "))
	if name == "" {
		return "", errorf(CodeBadRequest, "a name is needed to take a seat")
	}
	if utf8.RuneCountInString(name) > MaxName {
		return "", errorf(CodeBadRequest, "the name is longer than %d characters", MaxName)
	}
	return name, nil
}

// hiddenRune reports the characters that can disguise a name: every
// format character (Cf), which covers the bidi controls and zero-width
// characters, and the invisible separators outside Cf.
func hiddenRune(c rune) bool {
	return unicode.Is(unicode.Cf, c) || c == 0x2028 || c == 0x2029 || c == 0x180E || c == 0x3164 || c == 0xFFA0 || c == 0x115F || c == 0x1160
}

// nameKey is what names are compared by: NFC, case-folded ("ANA", "ana"
// and "Ana" with a zero-width joiner are one name).
func nameKey(name string) string {
	return norm.NFC.String(cases.Fold().String(norm.NFC.String(name)))
}

// nameTaken refuses name when a player's seat of the room other than seat
// already carries a name that looks the same. Bots all carry "Bot".
func (r *Room) nameTaken(name string, seat int) error {
	key := nameKey(name)
	for i, s := range r.seats {
		if i == seat || s.Bot || len(s.TokenHash) == 0 {
			continue
		}
		if nameKey(s.Name) == key {
			return errorf(CodeConflict, "%s (seat %d, %s) already plays under that name: pick another", s.Name, i, r.specs[i].Label).ruled(RuleNameTaken)
		}
	}
	return nil
}

package rooms

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"strings"
)

// CodeAlphabet holds the letters of join codes: no look-alikes (no I/L, O,
// B/8, S/5, Z/2) so a code read aloud or off a small screen is typed right.
const CodeAlphabet = "ACDEFGHJKMNPQRTUVWXY"

// CodeLength is the length of a join code: 20^5 = 3.2 million codes.
const CodeLength = 5

// newCode draws a random join code.
func newCode() string {
	var b [CodeLength]byte
	var r [CodeLength]byte
	if _, err := rand.Read(r[:]); err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	for i := range b {
		// 256 % 20 != 0 leaves a tiny bias, irrelevant for codes that are
		// also checked for uniqueness.
		b[i] = CodeAlphabet[int(r[i])%len(CodeAlphabet)]
	}
	return string(b[:])
}

// codeSeparators are what a player may type between a code's letters.
var codeSeparators = strings.NewReplacer(" ", "", "-", "")

// NormalizeCode turns what a player typed into a code: upper case, spaces
// and dashes dropped. It returns false when the result cannot be a code.
func NormalizeCode(s string) (string, bool) {
	s = strings.ToUpper(codeSeparators.Replace(s))
	if len(s) != CodeLength {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(CodeAlphabet, s[i]) < 0 {
			return "", false
		}
	}
	// A copy: callers keep codes (map keys, caches) and s may alias a
	// request buffer the server reuses (Fiber's c.Params).
	return strings.Clone(s), true
}

// tokenBytes is the entropy of a seat token: 192 bits.
const tokenBytes = 24

// newToken draws a secret seat token, base64url without padding.
func newToken() string {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// hashToken is what the store keeps of a token.
func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// sameHash compares two token hashes in constant time.
func sameHash(a, b []byte) bool {
	return len(a) == sha256.Size && subtle.ConstantTimeCompare(a, b) == 1
}

// newSeed draws a match seed.
func newSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	var s uint64
	for _, x := range b {
		s = s<<8 | uint64(x)
	}
	return s
}

// newClaimID names a claim: unguessable, so only phones that saw the
// lobby can answer it.
func newClaimID() string {
	b := make([]byte, 9)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

package games

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends json.Marshal(x) to dst, byte for byte: an Encoder
// writes the very bytes Marshal returns, and a newline, which is cut,
// without a copy of its own. A view appender (ViewAppender) builds its
// parts into buffers it keeps from version to version with it.
func AppendJSON(dst []byte, x any) ([]byte, error) {
	w := appendWriter{&dst}
	if err := json.NewEncoder(w).Encode(x); err != nil {
		return dst, err
	}
	return dst[:len(dst)-1], nil
}

type appendWriter struct{ b *[]byte }

func (w appendWriter) Write(p []byte) (int, error) {
	*w.b = append(*w.b, p...)
	return len(p), nil
}

// AppendString appends s as json.Marshal writes a string, byte for byte:
// quoted, with <, > and & escaped for HTML, invalid UTF-8 written as
// \ufffd, and U+2028 and U+2029 escaped. Views written by hand use it for
// their words, so that no reflection runs for a string.
func AppendString(dst []byte, s string) []byte {
	dst = AppendStringContent(append(dst, '"'), s)
	return append(dst, '"')
}

// AppendStringContent appends s escaped as AppendString does, without the
// quotes: for a string written in pieces (escaping one piece never depends
// on the next when an ASCII character parts them).
func AppendStringContent(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				// The other control bytes, and <, > and & for HTML.
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(dst, s[start:]...)
}

const hexDigits = "0123456789abcdef"

// AppendStrings appends a list of strings as json.Marshal writes a
// []string: null for nil.
func AppendStrings(dst []byte, ss []string) []byte {
	if ss == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, s := range ss {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, s)
	}
	return append(dst, ']')
}

// AppendFloat appends a float64 as json.Marshal writes it (the shortest
// decimal that reads back, an exponent only below 1e-6 or from 1e21, and
// that without a padded zero), or fails as Marshal does on NaN and the
// infinities.
func AppendFloat(dst []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return dst, fmt.Errorf("json: unsupported value: %s", strconv.FormatFloat(f, 'g', -1, 64))
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if n := len(dst); format == 'e' && n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
		// e-07, as strconv writes it, is e-7 in JSON.
		dst[n-2] = dst[n-1]
		dst = dst[:n-1]
	}
	return dst, nil
}

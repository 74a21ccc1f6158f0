package rooms

import (
	"encoding/json"
	"strconv"
)

// decodeQuick reads the messages phones send nearly always (a compact
// object of known fields, plain ASCII strings, whole numbers, a command
// object) without encoding/json, whose strict decoding (a Decoder, the
// check for a second value, a second pass for repeated keys) was most of
// what reading a command cost. It answers ok only for a message
// DecodeRequest's strict reading accepts, and then with the very Request
// it gives (FuzzDecodeQuickIsStrict); anything else, every refusal
// included, goes to that reading, which words the error.
func decodeQuick(data []byte) (r Request, ok bool) {
	if len(data) > MaxRequest {
		return Request{}, false
	}
	i := space(data, 0)
	if i >= len(data) || data[i] != '{' {
		return Request{}, false
	}
	var seen uint16 // the fields given, by their bit: a repeated one is refused
	i = space(data, i+1)
	if i < len(data) && data[i] == '}' {
		return Request{}, false // no type: refused
	}
	for {
		key, next, ok := plainString(data, i)
		if !ok {
			return Request{}, false
		}
		f := fieldOf(key)
		if f < 0 || seen&(1<<f) != 0 {
			return Request{}, false
		}
		seen |= 1 << f
		i = space(data, next)
		if i >= len(data) || data[i] != ':' {
			return Request{}, false
		}
		i = space(data, i+1)
		if i, ok = r.set(f, data, i); !ok {
			return Request{}, false
		}
		i = space(data, i)
		if i >= len(data) {
			return Request{}, false
		}
		if data[i] == '}' {
			break
		}
		if data[i] != ',' {
			return Request{}, false
		}
		i = space(data, i+1)
	}
	if space(data, i+1) != len(data) || r.check() != nil {
		return Request{}, false
	}
	return r, true
}

// The fields of a Request, as decodeQuick numbers them.
const (
	fieldT = iota
	fieldID
	fieldToken
	fieldV
	fieldCmd
	fieldAction
	fieldSeat
	fieldFrom
	fieldTo
	fieldName
	fieldClaim
	fieldAllow
)

// fieldOf numbers a key spelt exactly as Request's tags spell it; -1 for
// any other (encoding/json also takes other letter cases: those go to it).
func fieldOf(key []byte) int {
	switch string(key) {
	case "t":
		return fieldT
	case "id":
		return fieldID
	case "token":
		return fieldToken
	case "v":
		return fieldV
	case "cmd":
		return fieldCmd
	case "action":
		return fieldAction
	case "seat":
		return fieldSeat
	case "from":
		return fieldFrom
	case "to":
		return fieldTo
	case "name":
		return fieldName
	case "claim":
		return fieldClaim
	case "allow":
		return fieldAllow
	}
	return -1
}

// set reads field f's value at data[i] and returns where it ends.
func (r *Request) set(f int, data []byte, i int) (int, bool) {
	switch f {
	case fieldT, fieldID, fieldToken, fieldAction, fieldName, fieldClaim:
		s, next, ok := plainString(data, i)
		if !ok {
			return 0, false
		}
		switch f {
		case fieldT:
			r.T = messageType(s)
		case fieldID:
			r.ID = string(s)
		case fieldToken:
			r.Token = string(s)
		case fieldAction:
			r.Action = string(s)
		case fieldName:
			r.Name = string(s)
		case fieldClaim:
			r.Claim = string(s)
		}
		return next, true
	case fieldV, fieldSeat, fieldFrom, fieldTo:
		j := i
		if j < len(data) && data[j] == '-' {
			j++
		}
		start := j
		for j < len(data) && data[j] >= '0' && data[j] <= '9' {
			j++
		}
		// JSON's whole numbers: no leading zero, at most 18 digits (no
		// overflow); a fraction, an exponent or null goes to encoding/json.
		if n := j - start; n == 0 || n > 18 || (n > 1 && data[start] == '0') {
			return 0, false
		}
		if j < len(data) && (data[j] == '.' || data[j] == 'e' || data[j] == 'E') {
			return 0, false
		}
		if f == fieldV {
			v, err := strconv.ParseInt(string(data[i:j]), 10, 64)
			if err != nil {
				return 0, false
			}
			r.V = &v
			return j, true
		}
		n, err := strconv.ParseInt(string(data[i:j]), 10, strconv.IntSize)
		if err != nil {
			return 0, false
		}
		v := int(n)
		switch f {
		case fieldSeat:
			r.Seat = &v
		case fieldFrom:
			r.From = &v
		case fieldTo:
			r.To = &v
		}
		return j, true
	case fieldCmd:
		// An object, kept as sent, as json.RawMessage keeps it.
		if i >= len(data) || data[i] != '{' {
			return 0, false
		}
		end := skipValue(data, i)
		if end > len(data) || data[end-1] != '}' || !json.Valid(data[i:end]) {
			return 0, false
		}
		r.Cmd = append(json.RawMessage(nil), data[i:end]...)
		return end, true
	case fieldAllow:
		for _, lit := range []string{"true", "false"} {
			if len(data)-i >= len(lit) && string(data[i:i+len(lit)]) == lit {
				allow := lit == "true"
				r.Allow = &allow
				return i + len(lit), true
			}
		}
	}
	return 0, false
}

// messageType is t's value, without a copy for the types phones send.
func messageType(s []byte) string {
	for _, t := range [...]string{TypeCmd, TypePing, TypeHello, TypeHost, TypeClaim, TypeGrant} {
		if string(s) == t {
			return t
		}
	}
	return string(s)
}

// plainString reads the JSON string at data[i] if it is printable ASCII
// without escapes (every key and nearly every value phones send): its
// bytes between the quotes, and where it ends. Anything else (an escape,
// a control byte, a byte over 0x7e that encoding/json checks as UTF-8)
// is not ok.
func plainString(data []byte, i int) ([]byte, int, bool) {
	if i >= len(data) || data[i] != '"' {
		return nil, 0, false
	}
	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			return data[i+1 : j], j + 1, true
		case c == '\\' || c < 0x20 || c > 0x7e:
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// space skips JSON whitespace from data[i].
func space(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

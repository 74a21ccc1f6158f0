package radio

import "math/bits"

// cellSet is a set of cell indices (chart.Map.Index); 256 bits cover the
// largest sheet (15x15 = 225 cells).
type cellSet [4]uint64

func (s *cellSet) has(i int) bool { return s[i>>6]&(1<<(uint(i)&63)) != 0 }
func (s *cellSet) add(i int)      { s[i>>6] |= 1 << (uint(i) & 63) }
func (s *cellSet) remove(i int)   { s[i>>6] &^= 1 << (uint(i) & 63) }

func (s cellSet) and(o cellSet) cellSet {
	return cellSet{s[0] & o[0], s[1] & o[1], s[2] & o[2], s[3] & o[3]}
}

func (s cellSet) or(o cellSet) cellSet {
	return cellSet{s[0] | o[0], s[1] | o[1], s[2] | o[2], s[3] | o[3]}
}

func (s cellSet) xor(o cellSet) cellSet {
	return cellSet{s[0] ^ o[0], s[1] ^ o[1], s[2] ^ o[2], s[3] ^ o[3]}
}

func (s cellSet) andNot(o cellSet) cellSet {
	return cellSet{s[0] &^ o[0], s[1] &^ o[1], s[2] &^ o[2], s[3] &^ o[3]}
}

func (s cellSet) empty() bool { return s[0]|s[1]|s[2]|s[3] == 0 }

func (s cellSet) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// each calls f for every member in increasing order.
func (s cellSet) each(f func(int)) {
	for w, word := range s {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			f(w<<6 | b)
			word &= word - 1
		}
	}
}

// up moves every member i to i-k (members below k fall off).
func (s cellSet) up(k int) cellSet {
	var o cellSet
	w, b := k>>6, uint(k&63)
	for i := 0; i+w < 4; i++ {
		o[i] = s[i+w] >> b
		if b != 0 && i+w+1 < 4 {
			o[i] |= s[i+w+1] << (64 - b)
		}
	}
	return o
}

// down moves every member i to i+k (members past 255 fall off).
func (s cellSet) down(k int) cellSet {
	var o cellSet
	w, b := k>>6, uint(k&63)
	for i := 3; i-w >= 0; i-- {
		o[i] = s[i-w] << b
		if b != 0 && i-w-1 >= 0 {
			o[i] |= s[i-w-1] >> (64 - b)
		}
	}
	return o
}

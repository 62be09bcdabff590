package latin

import "math/bits"

// MaxSize is the largest grid the solver takes (cells on a side): a
// candidate mask has a bit per value.
const MaxSize = 32

// Mask is a set of values 1..N: bit v-1 stands for value v.
type Mask = uint32

// Bit returns the mask of the one value v (1..MaxSize).
func Bit(v int) Mask { return 1 << (v - 1) }

// Full returns the mask of every value 1..n.
func Full(n int) Mask { return Mask(1)<<n - 1 }

// single reports whether m holds exactly one value.
func single(m Mask) bool { return m != 0 && m&(m-1) == 0 }

// Value returns the value of a mask of one value.
func Value(m Mask) int { return bits.TrailingZeros32(m) + 1 }

// count returns how many values m holds.
func count(m Mask) int { return bits.OnesCount32(m) }

// below returns the values less than the largest value of m (m not 0).
func below(m Mask) Mask { return Mask(1)<<(31-bits.LeadingZeros32(m)) - 1 }

// above returns the values greater than the smallest value of m (m not 0).
func above(m Mask) Mask { return ^((m&-m)<<1 - 1) }

// leadingZeros counts the zero bits above the largest value of m.
func leadingZeros(m Mask) int { return bits.LeadingZeros32(m) }

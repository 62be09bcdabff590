package tetromino

import "sync"

// lazy holds a value built the first time it is asked for (get), such as
// the figures' tables: puzbot starts for every command, and most never tile
// a square. Its zero value is ready, so, unlike sync.OnceValue, it costs
// package initialisation nothing: no allocation and no code at every
// start.
type lazy[T any] struct {
	once sync.Once
	v    T
}

// get returns the value, built by build the first time.
func (l *lazy[T]) get(build func() T) T {
	l.once.Do(func() { l.v = build() })
	return l.v
}

//go:build !race

package cute

const raceEnabled = false

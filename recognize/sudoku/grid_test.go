package sudoku

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// soloPath returns the path of Simon Tatham's Solo, which Debian installs
// in /usr/games.
func soloPath(t testing.TB) string {
	t.Helper()
	if p, err := exec.LookPath("sgt-solo"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/sgt-solo"); err == nil {
		return "/usr/games/sgt-solo"
	}
	t.Fatal("sgt-solo is not installed: run scripts/setup.sh --test (it installs sgt-puzzles)")
	return ""
}

// soloGames returns n game IDs of Solo's preset, from seed.
func soloGames(t testing.TB, preset string, seed, n int) []string {
	t.Helper()
	out, err := exec.Command(soloPath(t), "--generate", fmt.Sprint(n), fmt.Sprintf("%s#%d", preset, seed)).Output()
	if err != nil {
		t.Fatalf("sgt-solo --generate %s: %v", preset, err)
	}
	return strings.Fields(string(out))[:n:n]
}

// soloShot renders the game id as Solo draws it, at the tile size and with
// the colours given (SOLO_COLOUR_i=rrggbb, "" for Solo's own).
func soloShot(t testing.TB, id string, tile int, colours []string) *image.RGBA {
	t.Helper()
	out := t.TempDir() + "/shot.png"
	cmd := exec.Command(soloPath(t), "--screenshot", out, id)
	cmd.Env = append(os.Environ(), fmt.Sprintf("SOLO_TILESIZE=%d", tile))
	for i, c := range colours {
		if c != "" {
			cmd.Env = append(cmd.Env, fmt.Sprintf("SOLO_COLOUR_%d=%s", i, c))
		}
	}
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sgt-solo --screenshot %s: %v\n%s", id, err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(m.Bounds())
	draw.Draw(rgba, rgba.Bounds(), m, m.Bounds().Min, draw.Src)
	return rgba
}

// onDesktop pastes shot on a plain desktop of the colour given, at at.
func onDesktop(shot *image.RGBA, w, h int, bg color.RGBA, at image.Point) *image.RGBA {
	d := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(d, d.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	draw.Draw(d, shot.Bounds().Sub(shot.Bounds().Min).Add(at), shot, shot.Bounds().Min, draw.Src)
	return d
}

// Solo's presets and their sizes.
var soloPresets = []struct {
	preset string
	n      int
}{
	{"2x2", 4}, {"2x3db", 6}, {"3x3", 9}, {"3x3db", 9}, {"3x3xdb", 9}, {"3x3di", 9}, {"3x3da", 9}, {"3x3xda", 9},
	{"3x3de", 9}, {"3x3du", 9}, {"3x3ka", 9}, {"9jdb", 9}, {"9jxdb", 9}, {"9jda", 9}, {"3x4db", 12}, {"4x4db", 16},
}

// Colour themes: Solo's own, and a dark one (background, X diagonals, grid,
// clue, entry, highlight, error, pencil, killer).
var themes = map[string][]string{
	"solo": nil,
	"dark": {"202020", "383838", "c0c0c0", "f0f0f0", "80c0ff", "505050", "ff6060", "a0a0a0", "c0c040"},
}

// TestFindSoloGrids: the grid of every preset, at tile sizes from 24 to
// 80 and in two themes, pasted on a desktop, is found with its size and
// its place to the pixel.
func TestFindSoloGrids(t *testing.T) {
	for _, ps := range soloPresets {
		id := soloGames(t, ps.preset, 1, 1)[0]
		for _, tile := range []int{24, 33, 48, 64, 80} {
			for name, theme := range themes {
				shot := soloShot(t, string(id), tile, theme)
				at := image.Pt(137, 61)
				desk := onDesktop(shot, shot.Bounds().Dx()+300, shot.Bounds().Dy()+150, color.RGBA{0x3a, 0x6e, 0xa5, 0xff}, at)
				g, err := Find(desk)
				if err != nil {
					t.Errorf("%s tile %d %s: %v", ps.preset, tile, name, err)
					continue
				}
				if g.N != ps.n {
					t.Errorf("%s tile %d %s: %d cells a side, want %d", ps.preset, tile, name, g.N, ps.n)
				}
				// Solo leaves half a tile of border around the grid.
				if b, want := g.Bounds(), shot.Bounds().Add(at).Inset(tile/2); abs(b.Min.X-want.Min.X) > 2 || abs(b.Max.X-want.Max.X) > 2 ||
					abs(b.Min.Y-want.Min.Y) > 2 || abs(b.Max.Y-want.Max.Y) > 2 {
					t.Errorf("%s tile %d %s: grid at %v, want about %v", ps.preset, tile, name, b, want)
				}
			}
		}
	}
}

//go:build windows

// Command target is a small Windows program for the end-to-end tests of
// puzbot.exe under Wine: a window with a grid of white cells, which a click
// turns black (and back), and a line of the characters typed into it. It
// writes what it gets, one line each, on stdout:
//
//	ready X Y      the window is shown; X,Y is its client area's corner on the screen
//	down X Y       the left button went down at the screen point X,Y
//	up X Y         the left button went up
//	char N         a character was typed (WM_CHAR), N its code
//	key VK         a key went down (WM_KEYDOWN, WM_SYSKEYDOWN), VK its virtual key
//	keyup VK       a key went up
//
//	target [-x X] [-y Y] [-title TITLE]
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"unsafe"

	"golang.org/x/sys/windows"
)

// The grid: cells of cell pixels, side by side, from the client area's
// corner; the typed line is drawn below it.
const (
	cells = 4
	cell  = 40
)

var (
	user32 = windows.NewLazySystemDLL("user32.dll")
	gdi32  = windows.NewLazySystemDLL("gdi32.dll")

	registerClass    = user32.NewProc("RegisterClassExW")
	createWindow     = user32.NewProc("CreateWindowExW")
	defWindowProc    = user32.NewProc("DefWindowProcW")
	getMessage       = user32.NewProc("GetMessageW")
	translateMessage = user32.NewProc("TranslateMessage")
	dispatchMessage  = user32.NewProc("DispatchMessageW")
	postQuitMessage  = user32.NewProc("PostQuitMessage")
	beginPaint       = user32.NewProc("BeginPaint")
	endPaint         = user32.NewProc("EndPaint")
	fillRect         = user32.NewProc("FillRect")
	invalidateRect   = user32.NewProc("InvalidateRect")
	clientToScreen   = user32.NewProc("ClientToScreen")
	setCapture       = user32.NewProc("SetCapture")
	releaseCapture   = user32.NewProc("ReleaseCapture")
	showWindow       = user32.NewProc("ShowWindow")
	updateWindow     = user32.NewProc("UpdateWindow")
	setForeground    = user32.NewProc("SetForegroundWindow")
	getStockObject   = gdi32.NewProc("GetStockObject")
	textOut          = gdi32.NewProc("TextOutW")
)

const (
	wmDestroy     = 0x0002
	wmPaint       = 0x000f
	wmKeyDown     = 0x0100
	wmKeyUp       = 0x0101
	wmChar        = 0x0102
	wmSysKeyDown  = 0x0104
	wmSysKeyUp    = 0x0105
	wmLButtonDown = 0x0201
	wmLButtonUp   = 0x0202

	wsOverlappedWindow = 0x00cf0000
	wsVisible          = 0x10000000
	whiteBrush         = 0
	blackBrush         = 4
)

type point struct{ x, y int32 }

type rect struct{ left, top, right, bottom int32 }

type msg struct {
	hwnd    uintptr
	message uint32
	wParam  uintptr
	lParam  uintptr
	time    uint32
	pt      point
	private uint32
}

type paintStruct struct {
	hdc       uintptr
	erase     int32
	paint     rect
	restore   int32
	incUpdate int32
	reserved  [32]byte
}

type wndClassEx struct {
	size       uint32
	style      uint32
	wndProc    uintptr
	clsExtra   int32
	wndExtra   int32
	instance   uintptr
	icon       uintptr
	cursor     uintptr
	background uintptr
	menuName   *uint16
	className  *uint16
	iconSm     uintptr
}

// state is what the window shows.
var state struct {
	black [cells][cells]bool
	typed []uint16
}

func main() {
	x := flag.Int("x", 100, "the window's left edge on the screen")
	y := flag.Int("y", 100, "the window's top edge on the screen")
	title := flag.String("title", "puzbot target", "the window's title")
	flag.Parse()
	runtime.LockOSThread()
	if err := run(int32(*x), int32(*y), *title); err != nil {
		fmt.Fprintln(os.Stderr, "target:", err)
		os.Exit(1)
	}
}

func run(x, y int32, title string) error {
	class := windows.StringToUTF16Ptr("puzbotTarget")
	wc := wndClassEx{wndProc: windows.NewCallback(wndProc), className: class}
	wc.size = uint32(unsafe.Sizeof(wc))
	wc.background, _, _ = getStockObject.Call(whiteBrush)
	if r, _, err := registerClass.Call(uintptr(unsafe.Pointer(&wc))); r == 0 {
		return fmt.Errorf("RegisterClassEx: %w", err)
	}
	hwnd, _, err := createWindow.Call(0, uintptr(unsafe.Pointer(class)), uintptr(unsafe.Pointer(windows.StringToUTF16Ptr(title))),
		wsOverlappedWindow|wsVisible, uintptr(x), uintptr(y), 260, 260, 0, 0, 0, 0)
	if hwnd == 0 {
		return fmt.Errorf("CreateWindowEx: %w", err)
	}
	showWindow.Call(hwnd, 5) // SW_SHOW
	updateWindow.Call(hwnd)
	setForeground.Call(hwnd)
	corner := point{}
	clientToScreen.Call(hwnd, uintptr(unsafe.Pointer(&corner)))
	fmt.Printf("ready %d %d\n", corner.x, corner.y)
	var m msg
	for {
		r, _, _ := getMessage.Call(uintptr(unsafe.Pointer(&m)), 0, 0, 0)
		if int32(r) <= 0 {
			return nil
		}
		translateMessage.Call(uintptr(unsafe.Pointer(&m)))
		dispatchMessage.Call(uintptr(unsafe.Pointer(&m)))
	}
}

// onScreen returns the screen point of a mouse message's client point.
func onScreen(hwnd, lParam uintptr) point {
	p := point{int32(int16(lParam & 0xffff)), int32(int16(lParam >> 16 & 0xffff))}
	clientToScreen.Call(hwnd, uintptr(unsafe.Pointer(&p)))
	return p
}

func wndProc(hwnd, message, wParam, lParam uintptr) uintptr {
	switch message {
	case wmLButtonDown:
		setCapture.Call(hwnd)
		p := onScreen(hwnd, lParam)
		fmt.Printf("down %d %d\n", p.x, p.y)
		cx, cy := int(int16(lParam&0xffff))/cell, int(int16(lParam>>16&0xffff))/cell
		if cx >= 0 && cx < cells && cy >= 0 && cy < cells {
			state.black[cy][cx] = !state.black[cy][cx]
			invalidateRect.Call(hwnd, 0, 1)
		}
		return 0
	case wmLButtonUp:
		releaseCapture.Call()
		p := onScreen(hwnd, lParam)
		fmt.Printf("up %d %d\n", p.x, p.y)
		return 0
	case wmChar:
		fmt.Printf("char %d\n", wParam)
		state.typed = append(state.typed, uint16(wParam))
		invalidateRect.Call(hwnd, 0, 1)
		return 0
	case wmKeyDown, wmSysKeyDown:
		fmt.Printf("key %d\n", wParam)
	case wmKeyUp, wmSysKeyUp:
		fmt.Printf("keyup %d\n", wParam)
	case wmPaint:
		paint(hwnd)
		return 0
	case wmDestroy:
		postQuitMessage.Call(0)
		return 0
	}
	r, _, _ := defWindowProc.Call(hwnd, message, wParam, lParam)
	return r
}

// paint draws the grid and the typed line.
func paint(hwnd uintptr) {
	var ps paintStruct
	hdc, _, _ := beginPaint.Call(hwnd, uintptr(unsafe.Pointer(&ps)))
	defer endPaint.Call(hwnd, uintptr(unsafe.Pointer(&ps)))
	white, _, _ := getStockObject.Call(whiteBrush)
	black, _, _ := getStockObject.Call(blackBrush)
	for cy := 0; cy < cells; cy++ {
		for cx := 0; cx < cells; cx++ {
			r := rect{int32(cx*cell + 1), int32(cy*cell + 1), int32((cx+1)*cell - 1), int32((cy+1)*cell - 1)}
			brush := white
			if state.black[cy][cx] {
				brush = black
			}
			fillRect.Call(hdc, uintptr(unsafe.Pointer(&r)), brush)
		}
	}
	if len(state.typed) > 0 {
		textOut.Call(hdc, 4, cells*cell+8, uintptr(unsafe.Pointer(&state.typed[0])), uintptr(len(state.typed)))
	}
}

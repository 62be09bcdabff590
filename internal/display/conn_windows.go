package display

import (
	"errors"
	"fmt"
	"image"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"
)

// The Windows desktop, through user32. There is no connection to keep: a
// Conn is the interactive desktop of the session the process runs in.

// Conn is the desktop of this Windows session.
type Conn struct{}

// user32 holds the calls of user32.dll that Conn makes, looked up on first
// use (load), not when the process starts.
var user32 struct {
	once sync.Once
	err  error

	getSystemMetrics, enumDisplayMonitors, getMonitorInfo,
	getCursorPos, sendInput, getAsyncKeyState, mapVirtualKey,
	getForegroundWindow, getWindowThreadProcessID, getKeyboardLayout, vkKeyScanEx, getKeyState *windows.LazyProc

	monitorCallback uintptr // monitorFound, made once: Windows has few callback slots
}

// load looks up the calls Conn makes, and makes the process DPI aware.
func load() error {
	user32.once.Do(func() {
		dll := windows.NewLazySystemDLL("user32.dll")
		procs := []struct {
			p    **windows.LazyProc
			name string
		}{
			{&user32.getSystemMetrics, "GetSystemMetrics"},
			{&user32.enumDisplayMonitors, "EnumDisplayMonitors"},
			{&user32.getMonitorInfo, "GetMonitorInfoW"},
			{&user32.getCursorPos, "GetCursorPos"},
			{&user32.sendInput, "SendInput"},
			{&user32.getAsyncKeyState, "GetAsyncKeyState"},
			{&user32.mapVirtualKey, "MapVirtualKeyW"},
			{&user32.getForegroundWindow, "GetForegroundWindow"},
			{&user32.getWindowThreadProcessID, "GetWindowThreadProcessId"},
			{&user32.getKeyboardLayout, "GetKeyboardLayout"},
			{&user32.vkKeyScanEx, "VkKeyScanExW"},
			{&user32.getKeyState, "GetKeyState"},
		}
		for _, p := range procs {
			*p.p = dll.NewProc(p.name)
			if err := (*p.p).Find(); err != nil {
				user32.err = noDisplayf("no display: user32.dll has no %s: %v", p.name, err)
				return
			}
		}
		user32.monitorCallback = windows.NewCallback(monitorFound)
		beDPIAware(dll)
	})
	return user32.err
}

// The DPI awareness contexts SetProcessDpiAwarenessContext takes.
const (
	dpiAwarePerMonitorV2 = ^uintptr(3) // DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2, (HANDLE)-4
	processPerMonitorDPI = 2           // PROCESS_PER_MONITOR_DPI_AWARE, for SetProcessDpiAwareness
)

// beDPIAware makes the process DPI aware, per monitor where Windows can
// (Windows 10 1703 and later), so that Windows neither scales its
// screenshots nor its pointer positions: every position is a pixel. It is
// the best that each version of Windows offers; a process that is DPI aware
// already (by its manifest) stays as it is.
func beDPIAware(user32dll *windows.LazyDLL) {
	if p := user32dll.NewProc("SetProcessDpiAwarenessContext"); p.Find() == nil {
		if r, _, _ := p.Call(dpiAwarePerMonitorV2); r != 0 {
			return
		}
	}
	if p := windows.NewLazySystemDLL("shcore.dll").NewProc("SetProcessDpiAwareness"); p.Find() == nil {
		if r, _, _ := p.Call(processPerMonitorDPI); r == 0 { // S_OK
			return
		}
	}
	if p := user32dll.NewProc("SetProcessDPIAware"); p.Find() == nil {
		p.Call()
	}
}

// The metrics GetSystemMetrics reads.
const (
	smXVirtualScreen  = 76
	smYVirtualScreen  = 77
	smCXVirtualScreen = 78
	smCYVirtualScreen = 79
	smCMonitors       = 80
)

func metric(index uintptr) int {
	r, _, _ := user32.getSystemMetrics.Call(index)
	return int(int32(r))
}

// Open opens the desktop of this session. Its errors match ErrNoDisplay: a
// session with no display (a service's) or whose desktop does not take
// this process's input (another desktop, such as the lock screen, has it).
func Open() (*Conn, error) {
	if err := load(); err != nil {
		return nil, err
	}
	if metric(smCMonitors) < 1 {
		return nil, noDisplayf("no display: this Windows session has no display (run puzbot in the signed-in user's session, not as a service)")
	}
	c := &Conn{}
	if _, err := c.cursor(); err != nil {
		return nil, noDisplayf("no display: the desktop does not answer this process: %v (is it locked, or is another desktop shown?)", err)
	}
	return c, nil
}

// Close ends the use of the desktop; there is nothing to close.
func (c *Conn) Close() {}

// Name returns how messages name the desktop.
func (c *Conn) Name() string { return "the desktop" }

// Bounds returns the virtual screen: the rectangle that holds every display.
// Its corner is negative when a display lies left of or above the primary.
func (c *Conn) Bounds() image.Rectangle {
	x, y := metric(smXVirtualScreen), metric(smYVirtualScreen)
	return image.Rect(x, y, x+metric(smCXVirtualScreen), y+metric(smCYVirtualScreen))
}

// monitorInfo is Windows' MONITORINFO.
type monitorInfo struct {
	size    uint32
	monitor windows.Rect
	work    windows.Rect
	flags   uint32
}

const monitorInfoPrimary = 1 // MONITORINFOF_PRIMARY

// found collects the displays EnumDisplayMonitors reports, for Displays,
// which holds its lock: Windows calls monitorFound on the calling thread,
// before EnumDisplayMonitors returns.
var found struct {
	sync.Mutex
	displays []image.Rectangle
	err      error
}

// monitorFound is EnumDisplayMonitors' callback: it notes the monitor's
// rectangle, the primary first.
func monitorFound(monitor, _, _, _ uintptr) uintptr {
	info := monitorInfo{size: uint32(unsafe.Sizeof(monitorInfo{}))}
	if r, _, err := user32.getMonitorInfo.Call(monitor, uintptr(unsafe.Pointer(&info))); r == 0 {
		found.err = fmt.Errorf("GetMonitorInfo: %w", err)
		return 0
	}
	m := info.monitor
	r := image.Rect(int(m.Left), int(m.Top), int(m.Right), int(m.Bottom))
	if info.flags&monitorInfoPrimary != 0 {
		found.displays = append([]image.Rectangle{r}, found.displays...)
	} else {
		found.displays = append(found.displays, r)
	}
	return 1
}

// Displays returns the rectangles of the displays (monitors) in screen
// coordinates, the primary display first: its corner is (0,0).
func (c *Conn) Displays() ([]image.Rectangle, error) {
	found.Lock()
	defer found.Unlock()
	found.displays, found.err = nil, nil
	r, _, err := user32.enumDisplayMonitors.Call(0, 0, user32.monitorCallback, 0)
	switch {
	case found.err != nil:
		return nil, found.err
	case r == 0:
		return nil, fmt.Errorf("EnumDisplayMonitors: %w", err)
	case len(found.displays) == 0:
		return nil, noDisplayf("no display: Windows lists no display")
	}
	return found.displays, nil
}

// cursor returns where the pointer is.
func (c *Conn) cursor() (image.Point, error) {
	var p struct{ x, y int32 }
	if r, _, err := user32.getCursorPos.Call(uintptr(unsafe.Pointer(&p))); r == 0 {
		if errors.Is(err, windows.ERROR_SUCCESS) {
			err = errors.New("failed")
		}
		return image.Point{}, fmt.Errorf("GetCursorPos: %w", err)
	}
	return image.Pt(int(p.x), int(p.y)), nil
}

package recognize

import (
	"image"
	"unsafe"

	"gocv.io/x/gocv"
)

// mask is a binary image (0 or 255 per pixel) held by OpenCV, with its pixels
// visible to Go.
type mask struct {
	mat  gocv.Mat
	pix  []uint8
	w, h int
}

// newMask returns an all-zero mask of the given size.
func newMask(w, h int) *mask {
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), h, w, gocv.MatTypeCV8UC1)
	pix, err := m.DataPtrUint8()
	if err != nil { // a freshly allocated Mat is always continuous
		panic("recognize: " + err.Error())
	}
	return &mask{mat: m, pix: pix, w: w, h: h}
}

func (m *mask) set(x, y int)            { m.pix[y*m.w+x] = 255 }
func (m *mask) get(x, y int) bool       { return m.pix[y*m.w+x] != 0 }
func (m *mask) bounds() image.Rectangle { return image.Rect(0, 0, m.w, m.h) }
func (m *mask) close()                  { m.mat.Close() }

// count returns how many pixels of r are set.
func (m *mask) count(r image.Rectangle) int {
	r = r.Intersect(m.bounds())
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for _, v := range m.pix[y*m.w+r.Min.X : y*m.w+r.Max.X] {
			if v != 0 {
				n++
			}
		}
	}
	return n
}

// solidBox trims off r the rows and columns at its edges of which m sets
// fewer than half the pixels: the few pixels by which compression bleeds a
// filled square's colour past its edge, which stretch its blob's box.
func (m *mask) solidBox(r image.Rectangle) image.Rectangle {
	sparse := func(edge image.Rectangle) bool { return 2*m.count(edge) < edge.Dx()*edge.Dy() }
	for r.Dy() > 1 && sparse(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1)) {
		r.Min.Y++
	}
	for r.Dy() > 1 && sparse(image.Rect(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y)) {
		r.Max.Y--
	}
	for r.Dx() > 1 && sparse(image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Max.Y)) {
		r.Min.X++
	}
	for r.Dx() > 1 && sparse(image.Rect(r.Max.X-1, r.Min.Y, r.Max.X, r.Max.Y)) {
		r.Max.X--
	}
	return r
}

// blob is a connected component of a mask.
type blob struct {
	label int
	box   image.Rectangle
	area  int // pixels
}

// fill is the share of the blob's bounding box that the blob covers.
func (b blob) fill() float64 { return float64(b.area) / float64(b.box.Dx()*b.box.Dy()) }

// blobs holds the connected components of a mask and the label of each pixel.
type blobs struct {
	list   []blob // list[i] has label i+1
	labels []int32
	w      int
	mat    gocv.Mat
}

// findBlobs labels the connected components of m, with 4- or 8-connectivity.
func findBlobs(m *mask, connectivity int) *blobs {
	labels, stats, centroids := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer stats.Close()
	defer centroids.Close()
	n := gocv.ConnectedComponentsWithStatsWithParams(m.mat, &labels, &stats, &centroids,
		connectivity, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	s := &blobs{w: m.w, mat: labels}
	s.labels = int32s(&labels)
	st := int32s(&stats)
	for i := 1; i < n; i++ {
		row := st[5*i : 5*i+5]
		x, y, w, h := int(row[0]), int(row[1]), int(row[2]), int(row[3])
		s.list = append(s.list, blob{label: i, box: image.Rect(x, y, x+w, y+h), area: int(row[4])})
	}
	return s
}

// at returns the label of the pixel at x, y (0 for background).
func (s *blobs) at(x, y int) int { return int(s.labels[y*s.w+x]) }

// count returns how many pixels of r carry the given label.
func (s *blobs) count(label int, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for _, v := range s.labels[y*s.w+r.Min.X : y*s.w+r.Max.X] {
			if int(v) == label {
				n++
			}
		}
	}
	return n
}

func (s *blobs) close() { s.mat.Close() }

// int32s views the data of a continuous CV_32S Mat as Go int32s. The slice is
// valid until the Mat is closed.
func int32s(m *gocv.Mat) []int32 {
	if m.Empty() {
		return nil
	}
	b, err := m.DataPtrUint8()
	if err != nil || len(b) < 4 {
		return nil
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(&b[0])), len(b)/4)
}

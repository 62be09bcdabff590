package recognize

// oneOCRThread does nothing on Windows: the Tesseract that
// scripts/build-windows.sh builds has no OpenMP, and reads on the calling
// thread alone already (see threads_openmp.go).
func oneOCRThread() {}

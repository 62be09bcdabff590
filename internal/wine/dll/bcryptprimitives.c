/* A stand-in for Windows' bcryptprimitives.dll, which Wine 8 lacks: Go's
   Windows programs (Go 1.22 and later) take their random numbers from its
   ProcessPrng and will not start without it. Wine's RtlGenRandom
   (SystemFunction036, in advapi32) gives the same. Built by internal/wine
   with gcc-mingw-w64-x86-64-win32 and copied into its Wine prefix. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}

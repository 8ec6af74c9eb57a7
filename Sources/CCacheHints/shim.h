#ifndef KINESCOPE_CCACHEHINTS_SHIM_H
#define KINESCOPE_CCACHEHINTS_SHIM_H
// Cache hints Swift has no spelling for. Clang's `_mm_prefetch` is a macro (not imported) and
// its `_m_prefetch` builtin imports as a call that compiles to nothing; a static inline function
// is inlined into the Swift caller as one `prefetcht0` (checked in the x86-64 release binary).
// `__builtin_prefetch` is portable: other targets get their own hint, or none.

/// Asks for the cache line holding `address` to be brought into every cache level, for reading
/// soon. A hint: no fault, no effect on the program's results, whatever the address.
static inline __attribute__((always_inline)) void kinescope_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif

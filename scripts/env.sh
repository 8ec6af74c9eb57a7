# Sourced by the scripts: puts a toolchain installed under /opt/swift on PATH when it is not there,
# and sets KINESCOPE_TUNING, the `swift build` arguments that select the fast kernels' instruction
# set. The SIMD kernels run 1.2–2.2× faster built for AVX2 + FMA (`-target-cpu haswell`, the
# x86-64-v3 level; Swift 6.3's LLVM rejects that name) than for baseline x86-64 (SSE2), and Swift
# has no per-function target attributes to choose at run time, so the choice is made here, when
# building, from the building machine's CPU (docs/NOTES.md, BENCHMARKS.md). Set KINESCOPE_TUNING
# yourself to override it (an empty value builds for baseline x86-64, e.g. for another machine).
if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
if [[ -z "${KINESCOPE_TUNING+set}" ]]; then
    KINESCOPE_TUNING=""
    # Haswell's level: AVX2, FMA, BMI1/2, F16C, MOVBE, LZCNT (cpuinfo spells it abm).
    if [[ "$(uname -m)" == "x86_64" && -r /proc/cpuinfo ]] \
        && flags=" $(grep -m1 '^flags' /proc/cpuinfo) " \
        && [[ "$flags" == *" avx2 "* && "$flags" == *" fma "* && "$flags" == *" bmi2 "* \
              && "$flags" == *" f16c "* && "$flags" == *" movbe "* && "$flags" == *" abm "* ]]; then
        KINESCOPE_TUNING="-Xswiftc -target-cpu -Xswiftc haswell"
    fi
    unset flags
fi
export KINESCOPE_TUNING

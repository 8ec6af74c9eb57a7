# Sourced by the scripts: puts a toolchain installed under /opt/swift on PATH when it is not there.
if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

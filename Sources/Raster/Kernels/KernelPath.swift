#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which implementation of a kernel runs: the plain scalar reference, or the SIMD fast path.
///
/// Both produce byte-identical pixels; tests call each explicitly through the `package` kernel
/// entry points (those taking `kernels:`). Public API uses `KernelPath.current`.
package enum KernelPath: Sendable, CaseIterable, CustomStringConvertible {
    case reference
    case fast

    /// The path the public API uses: `.reference` when the environment variable
    /// `KINESCOPE_REFERENCE_KERNELS` is `1` (or `true`/`yes`), read once on first use; otherwise `.fast`.
    package static let current: KernelPath = {
        guard let raw = getenv(environmentVariable) else { return .fast }
        return KernelPath(environmentValue: String(cString: raw))
    }()

    /// The environment variable that forces the scalar reference kernels.
    package static let environmentVariable = "KINESCOPE_REFERENCE_KERNELS"

    /// Interprets a value of `KINESCOPE_REFERENCE_KERNELS`: `1`, `true` or `yes` (any case)
    /// select `.reference`; anything else, including an empty value, selects `.fast`.
    package init(environmentValue value: String?) {
        switch value?.lowercased() {
        case "1", "true", "yes": self = .reference
        default: self = .fast
        }
    }

    package var description: String {
        switch self {
        case .reference: "reference"
        case .fast: "fast"
        }
    }
}

import Foundation

/// Core Foundation's `CFData`, which Swift on Apple platforms bridges from `Data`: here it is
/// `Data` itself, so that `CGDataProvider(data: bytes as CFData)` ports unchanged.
public typealias CFData = Data

/// A source of bytes for an image: Kinescope's `CGDataProvider`, holding its bytes in memory.
///
///     let provider = CGDataProvider(data: Data(samples) as CFData)!
///     let mask = CGImage(maskWidth: 4, height: 4, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 4,
///                        provider: provider, decode: nil, shouldInterpolate: false)
public final class CGDataProvider: @unchecked Sendable {
    private let bytes: Data

    /// A provider of a copy of `data` (`Data` is a value: later changes to the caller's copy
    /// are not seen). Never nil here; optional as Apple declares it.
    public init?(data: CFData) {
        bytes = data
    }

    /// The provider's bytes (Apple's `data`, a copy of what was provided).
    public var data: CFData? { bytes }
}

/// Core Foundation's array as Swift code passes it to Core Graphics (`[a, b] as CFArray`):
/// swift-corelibs-foundation exposes no `CFArray`, so Kinescope's is a Swift array.
public typealias CFArray = [Any]

/// Core Foundation's dictionary as Core Graphics takes it (`auxiliaryInfo`), a Swift dictionary.
public typealias CFDictionary = [AnyHashable: Any]

// SIMD row kernels, byte-identical to `ReferenceKernels` (the same exact integer formulas, eight
// pixels at a time through `PixelLanes`); a row's last `count % 8` pixels go through the
// reference. Shortcuts never change a result: they skip or copy only where the formula gives
// exactly the destination or exactly the source.
//
// DESIGN NOTE — measured figures are in Bitmap+Kernels.swift.

/// SIMD row kernels; see `ReferenceKernels` for the contract of each.
enum FastKernels {
    static func fill(_ destination: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        destination.update(repeating: color, count: count)
    }

    static func fillSourceOver(_ destination: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        if color >> 24 == 255 { return fill(destination, count: count, color: color) }
        if color == 0 { return }
        let source = PixelVector(repeating: color)
        let inverseAlpha = spreadInverseAlpha(source)
        var i = 0
        while i &+ pixelVectorWidth <= count {
            let d = loadPixels(destination + i)
            storePixels(source &+ scalePixels(d, by: inverseAlpha), to: destination + i)
            i &+= pixelVectorWidth
        }
        ReferenceKernels.fillSourceOver(destination + i, count: count &- i, color: color)
    }

    /// `memmove` semantics: the ranges may overlap.
    static func copy(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>, count: Int) {
        destination.update(from: source, count: count)
    }

    static func sourceOver(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>,
                           count: Int, opacity: UInt8) {
        if opacity == 0 { return }
        var i = 0
        if opacity == 255 {
            while i &+ pixelVectorWidth <= count {
                let s = loadPixels(source + i)
                if allOpaque(s) {
                    storePixels(s, to: destination + i)
                } else if !allClear(s) {
                    storePixels(sourceOverVector(s, loadPixels(destination + i)), to: destination + i)
                }
                i &+= pixelVectorWidth
            }
        } else {
            let factor = ChannelVector(repeating: UInt16(opacity))
            while i &+ pixelVectorWidth <= count {
                let s = loadPixels(source + i)
                if !allClear(s) {
                    let scaled = scalePixels(s, by: factor)
                    storePixels(sourceOverVector(scaled, loadPixels(destination + i)), to: destination + i)
                }
                i &+= pixelVectorWidth
            }
        }
        ReferenceKernels.sourceOver(destination + i, from: source + i, count: count &- i, opacity: opacity)
    }

    static func sourceOver(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>,
                           coverage: UnsafePointer<UInt8>, count: Int, opacity: UInt8) {
        if opacity == 0 { return }
        let opacityLanes = ChannelVector(repeating: UInt16(opacity))
        var i = 0
        while i &+ pixelVectorWidth <= count {
            let m = loadCoverage(coverage + i)
            let s = loadPixels(source + i)
            if opacity == 255 && m == ~0 && allOpaque(s) {
                storePixels(s, to: destination + i)
            } else if m != 0 && !allClear(s) {
                var factor = spreadFactor(widenCoverage(m))
                if opacity != 255 { factor = divideBy255(factor &* opacityLanes) }
                let scaled = scalePixels(s, by: factor)
                storePixels(sourceOverVector(scaled, loadPixels(destination + i)), to: destination + i)
            }
            i &+= pixelVectorWidth
        }
        ReferenceKernels.sourceOver(destination + i, from: source + i, coverage: coverage + i,
                                    count: count &- i, opacity: opacity)
    }

    static func mix(_ destination: UnsafeMutablePointer<UInt32>, from: UnsafePointer<UInt32>,
                    to: UnsafePointer<UInt32>, count: Int, weight: UInt8) {
        if weight == 0 { return copy(destination, from: from, count: count) }
        if weight == 255 { return copy(destination, from: to, count: count) }
        let toWeight = ChannelVector(repeating: UInt16(weight))
        let fromWeight = ChannelVector(repeating: 255 &- UInt16(weight))
        var i = 0
        while i &+ pixelVectorWidth <= count {
            let (fromEven, fromOdd) = splitChannels(loadPixels(from + i))
            let (toEven, toOdd) = splitChannels(loadPixels(to + i))
            let even = divideBy255(fromEven &* fromWeight &+ toEven &* toWeight)
            let odd = divideBy255(fromOdd &* fromWeight &+ toOdd &* toWeight)
            storePixels(joinChannels(even: even, odd: odd), to: destination + i)
            i &+= pixelVectorWidth
        }
        ReferenceKernels.mix(destination + i, from: from + i, to: to + i, count: count &- i, weight: weight)
    }
}

// DESIGN NOTE — moveIn, push, reveal.
//
// A slide is at most two rectangle copies per band: the moving layers are placed at whole-pixel
// offsets, so every pixel is an exact copy of `from` or `to` (no resampling blur, and a still
// layer is bit-for-bit still). The lower layer is copied only where the upper one does not cover
// it.
//
// Measured: release, `-target-cpu haswell` (this swiftc rejects `x86-64-v3`, the same ISA
// level), one thread, thread CPU time per 1920×1080 frame of two photographs, best of 25 at
// progress 0.25 / 0.5 / 0.75, on the shared 2-core machine (load average 6–10, so these are
// upper bounds):
// moveIn 0.46 / 0.47 / 0.46 ms, push 0.44 / 0.51 / 0.44 ms, reveal 0.39 / 0.51 / 0.45 ms
// (medians under 1 ms).

import Raster

/// Which of the three sliding `CATransition` types, by what moves.
enum SlideKind: Sendable {
    /// `moveIn`: the new content slides in over the old, which stays still.
    case moveIn
    /// `push`: the new content slides in and pushes the old out ahead of it.
    case push
    /// `reveal`: the old content slides out, uncovering the new, which stays still.
    case reveal
}

/// Draws one frame of a slide: the moving content travels the full width (or height) of the
/// frame over the transition, its offset rounded to whole pixels.
struct SlideRenderer: Sendable {
    let kind: SlideKind
    let edge: ScreenEdge

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect) {
        let travel = edge.isHorizontal ? destination.width : destination.height
        let moved = Int((progress * Double(travel)).rounded())
        let direction = edge.inward
        // Offsets of the two layers' top-left corners.
        let fromOffset: (x: Int, y: Int), toOffset: (x: Int, y: Int), toOnTop: Bool
        switch kind {
        case .moveIn:
            fromOffset = (0, 0)
            toOffset = (direction.x * (moved - travel), direction.y * (moved - travel))
            toOnTop = true
        case .push:
            fromOffset = (direction.x * moved, direction.y * moved)
            toOffset = (direction.x * (moved - travel), direction.y * (moved - travel))
            toOnTop = true
        case .reveal:
            fromOffset = (direction.x * moved, direction.y * moved)
            toOffset = (0, 0)
            toOnTop = false
        }
        let upper = toOnTop ? (image: to, offset: toOffset) : (image: from, offset: fromOffset)
        let lower = toOnTop ? (image: from, offset: fromOffset) : (image: to, offset: toOffset)
        let bounds = destination.bounds
        let upperRect = PixelRect(x: upper.offset.x, y: upper.offset.y, width: bounds.width, height: bounds.height)
            .intersection(bounds)
        // The upper layer spans the frame across the motion, so what it leaves uncovered is one
        // rectangle: the part of the frame on the far side of its moving edge.
        let uncovered: PixelRect
        if upperRect.isEmpty {
            uncovered = bounds
        } else if edge.isHorizontal {
            uncovered = upperRect.minX > 0
                ? PixelRect(x: 0, y: 0, width: upperRect.minX, height: bounds.height)
                : PixelRect(x: upperRect.maxX, y: 0, width: bounds.width - upperRect.maxX, height: bounds.height)
        } else {
            uncovered = upperRect.minY > 0
                ? PixelRect(x: 0, y: 0, width: bounds.width, height: upperRect.minY)
                : PixelRect(x: 0, y: upperRect.maxY, width: bounds.width, height: bounds.height - upperRect.maxY)
        }
        place(lower.image, offset: lower.offset, within: uncovered.intersection(clip), into: destination)
        place(upper.image, offset: upper.offset, within: upperRect.intersection(clip), into: destination)
    }

    /// Copies the pixels of `image`, placed with its top-left corner at `offset`, that fall
    /// inside `area` (a rectangle of the frame already inside the image's placement).
    private func place(_ image: Bitmap, offset: (x: Int, y: Int), within area: PixelRect, into destination: Bitmap) {
        guard !area.isEmpty else { return }
        let source = PixelRect(x: area.x - offset.x, y: area.y - offset.y, width: area.width, height: area.height)
        guard let part = try? image.view(of: source) else { return }
        destination.copy(from: part, atX: area.x, y: area.y)
    }
}

extension SlideKind {
    /// The one-line summary of each type, for the registry.
    var summary: String {
        switch self {
        case .moveIn: "The new content slides into place over the old, which stays still"
        case .push: "The new content slides into place and pushes the old out ahead of it"
        case .reveal: "The old content slides away, uncovering the new, which stays still"
        }
    }
}

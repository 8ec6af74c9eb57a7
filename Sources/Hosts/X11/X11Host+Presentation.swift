// Presenting frames to the X server.
//
// Design. With MIT-SHM the frame is drawn straight into one of two shared-memory `XImage`s and
// pushed with `XShmPutImage(…, send_event: True)`; the server copies from our memory while we
// draw the next frame into the other segment. A segment is handed out again only after its
// `ShmCompletion` arrived (the server may still be reading it before that), so the usual wait is
// zero: the completion of frame n−2 is long in. If it is not, `XSync` waits for it: completions
// are generated in request order, before the reply to the sync, and a put that failed (window
// destroyed) sends none, which the sync also settles. Only damaged rectangles are pushed (one
// request each, the completion requested on the last one), and the previous frame's damage is
// copied into the segment being handed out so that it always holds the last presented frame.
// Without shared memory a single `malloc`ed image is used and `XPutImage` writes the damaged
// rectangles into the socket before it returns, so no waiting is needed there. After a
// ConfigureNotify the images are recreated at the next `backBuffer()` rather than at once, so a
// bitmap already lent stays valid until the caller's next `backBuffer()` or `present`; Expose is
// repaired from the front image without asking for a frame.
//
// Measured on this machine with `kinescope-x11-probe bench 300` (release build; Xvfb
// 1920x1080x24; one frame pushed, then XSync, so the server's copy is included). The 2 cores
// were shared with other builds (load average 6–20), so the best frame (close to the
// uncontended cost) and the median are both given, over several runs:
//   whole 1920×1080 frame  XShmPutImage  best 0.59–0.96 ms,   median 1.0–30 ms (the server's
//                                        8 MB copy waits for a core under load)
//                          XPutImage     best 2.7–5.2 ms,     median 3.9–11.8 ms
//   one 200×200 damage     XShmPutImage  best 0.051–0.059 ms, median 0.065–0.083 ms
//                          XPutImage     best 0.070–0.103 ms, median 0.087–0.115 ms
// So a small damaged rectangle costs 1/10–1/15 of a whole frame through shared memory and 1/30–1/50
// through the socket, where the whole frame's 8 MB dominate; the run loop (ApplicationRunLoop)
// presents only the damage `RenderNode.damage(from:to:in:)` finds. Keeping the other segment
// current costs a copy of the previous frame's damage per frame (in `backBuffer()`, outside the
// figures above): median 0.83 ms for a whole frame, 0.016 ms for 200×200.
// Idle: blocked in `nextEvents` the host used under 1 ms of CPU in 2 s
// (`kinescope-x11-probe idle`); the whole viewer (`kinescope view`, release, 1920×1080, no
// animation) used 0 clock ticks (under 10 ms) of CPU time over 10 s (utime+stime from
// /proc/PID/stat; 40 ms from start-up through decoding the images to the first frame).
import CX11
import Glibc
import Raster

extension X11Host {
    public func backBuffer() throws(HostError) -> Bitmap {
        try ensureAlive()
        if windowGone { throw .windowDestroyed }
        if imageSize != size { try createImages(size: size) }
        if let frame { return frame }
        let back = images[backIndex]
        if !isLent {
            try waitUntilIdle(back)
            if let frontIndex, frontIndex != backIndex {
                let front = images[frontIndex].bitmap!
                for rect in previousDamage {
                    for y in rect.minY..<rect.maxY {
                        (back.bitmap!.baseAddress + y * back.bitmap!.rowStride + rect.x)
                            .update(from: front.baseAddress + y * front.rowStride + rect.x, count: rect.width)
                    }
                }
            }
            isLent = true
        }
        return back.bitmap!
    }

    public func present(damage requested: [PixelRect]) throws(HostError) {
        try ensureAlive()
        if windowGone { throw .windowDestroyed }
        if images.isEmpty { try createImages(size: size) }
        if frame == nil && !isLent { _ = try backBuffer() }
        let target = images[backIndex]
        let source = frame ?? target.bitmap!
        if mustPushWhole {
            clipDamage([source.bounds], to: source.bounds, into: &damage)
        } else {
            clipDamage(requested, to: source.bounds, into: &damage)
        }
        presentObserver?(source, damage)
        isLent = false
        guard !damage.isEmpty else { return }

        if let converter, let frame {
            try waitUntilIdle(target)
            if images.count > 1 {
                for rect in previousDamage {
                    converter.convert(rect, of: frame, into: target.pixels, bytesPerLine: target.bytesPerLine)
                }
            }
            for rect in damage {
                converter.convert(rect, of: frame, into: target.pixels, bytesPerLine: target.bytesPerLine)
            }
        }
        push(target, damage)
        XFlush(display)
        mustPushWhole = false
        frontIndex = backIndex
        backIndex = (backIndex + 1) % images.count
        swap(&previousDamage, &damage)
        try ensureAlive()
    }

    /// Size of the current images, or zero before they exist.
    var imageSize: PixelSize {
        guard let image = images.first else { return frame?.size ?? size }
        return image.size
    }

    /// Sends `rects` of `image` to the window, each at its own place.
    func push(_ image: X11Image, _ rects: [PixelRect]) {
        for (index, rect) in rects.enumerated() {
            if image.segment != nil {
                let isLast = index == rects.count - 1
                XShmPutImage(display, windowID, graphicsContext, image.ximage, Int32(rect.x), Int32(rect.y),
                             Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height), isLast ? 1 : 0)
                if isLast { image.pendingCompletions += 1 }
            } else {
                XPutImage(display, windowID, graphicsContext, image.ximage, Int32(rect.x), Int32(rect.y),
                          Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
            }
        }
    }

    /// Repaints `rect` of the window from the last presented frame (Expose).
    func repaint(_ rect: PixelRect) {
        guard let frontIndex, !windowGone else { return }
        let image = images[frontIndex]
        let clipped = rect.intersection(PixelRect(size: image.size))
        guard !clipped.isEmpty else { return }
        push(image, [clipped])
    }

    /// Returns once the server has finished reading `image`.
    func waitUntilIdle(_ image: X11Image) throws(HostError) {
        guard image.pendingCompletions > 0 else { return }
        try drainEvents()
        guard image.pendingCompletions > 0 else { return }
        XSync(display, 0)
        try ensureAlive()
        try drainEvents()
        image.pendingCompletions = 0
    }

    /// Frees the images and creates new ones of `size` (at start-up and after a resize). Falls
    /// back to `XPutImage` for good when shared memory fails.
    func createImages(size: PixelSize) throws(HostError) {
        images.removeAll()
        frontIndex = nil
        backIndex = 0
        isLent = false
        mustPushWhole = true
        previousDamage.removeAll(keepingCapacity: true)
        frame = converter == nil ? nil : Bitmap(size: size)

        if presentationPath == .sharedMemory {
            do throws(X11Image.SharedMemoryFailure) {
                let first = try X11Image(sharedWith: connection, visual: visual, depth: depth, size: size, format: pixelFormat)
                let second = try X11Image(sharedWith: connection, visual: visual, depth: depth, size: size, format: pixelFormat)
                images = [first, second]
                return
            } catch {
                images.removeAll()
                presentationPath = .putImage(error.reason)
            }
        }
        images = [try X11Image(privateTo: connection, visual: visual, depth: depth, size: size, format: pixelFormat)]
    }
}

/// One `XImage` with its pixel memory: a shared-memory segment attached by the server, or
/// `malloc`ed memory for `XPutImage`. Freed in the order the server needs (see `deinit`).
final class X11Image {
    struct SharedMemoryFailure: Error {
        let reason: X11Host.FallbackReason
    }

    let connection: X11Connection
    let ximage: UnsafeMutablePointer<XImage>
    let size: PixelSize
    let pixels: UnsafeMutableRawPointer
    let bytesPerLine: Int
    /// The image memory as a frame; `nil` for non-native formats.
    let bitmap: Bitmap?
    /// Present only for shared memory; Xlib keeps this pointer for the image's lifetime.
    let segment: UnsafeMutablePointer<XShmSegmentInfo>?
    /// `XShmPutImage` requests whose completion has not arrived yet.
    var pendingCompletions = 0

    /// A shared-memory image: segment created 0600, attached under the error trap, marked for
    /// removal (`IPC_RMID`) at once so that it never outlives the process.
    convenience init(sharedWith connection: X11Connection, visual: UnsafeMutablePointer<Visual>, depth: Int32,
         size: PixelSize, format: X11PixelFormat) throws(SharedMemoryFailure) {
        let display = connection.display
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let ximage = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, info,
                                           UInt32(size.width), UInt32(size.height)) else {
            info.deallocate()
            throw SharedMemoryFailure(reason: .segmentUnavailable(errno: ENOMEM))
        }
        func fail(_ reason: X11Host.FallbackReason) -> SharedMemoryFailure {
            ximage.pointee.data = nil
            XDestroyImage(ximage)
            info.deallocate()
            return SharedMemoryFailure(reason: reason)
        }
        guard ximage.pointee.byte_order == nativeByteOrder else { throw fail(.foreignByteOrder) }
        let byteCount = Int(ximage.pointee.bytes_per_line) * size.height
        let id = shmget(0, max(byteCount, 1), IPC_CREAT | 0o600)
        guard id >= 0 else { throw fail(.segmentUnavailable(errno: errno)) }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            let code = errno
            shmctl(id, IPC_RMID, nil)
            throw fail(.segmentUnavailable(errno: code))
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = 0
        ximage.pointee.data = info.pointee.shmaddr

        let serial = XNextRequest(display)
        XShmAttach(display, info)
        XSync(display, 0)
        shmctl(id, IPC_RMID, nil)
        if let error = X11ErrorTrap.errors(on: display, since: serial).first {
            shmdt(address)
            throw fail(.attachFailed(errorCode: error.errorCode))
        }
        if connection.isLost {
            shmdt(address)
            throw fail(.attachFailed(errorCode: 0))
        }
        self.init(connection: connection, ximage: ximage, size: size, format: format, segment: info)
    }

    /// An image in `malloc`ed memory (XDestroyImage frees it with `free`).
    convenience init(privateTo connection: X11Connection, visual: UnsafeMutablePointer<Visual>, depth: Int32,
         size: PixelSize, format: X11PixelFormat) throws(HostError) {
        let bytesPerLine = (size.width * format.bitsPerPixel / 8 + 3) & ~3
        guard let memory = malloc(max(bytesPerLine * size.height, 1)) else {
            throw .resourceUnavailable(what: "a \(size) image", reason: "out of memory")
        }
        memset(memory, 0, bytesPerLine * size.height)
        guard let ximage = XCreateImage(connection.display, visual, UInt32(depth), ZPixmap, 0,
                                        memory.assumingMemoryBound(to: CChar.self),
                                        UInt32(size.width), UInt32(size.height), 32, Int32(bytesPerLine)) else {
            free(memory)
            throw .resourceUnavailable(what: "a \(size) image", reason: "XCreateImage refused depth \(depth), \(format)")
        }
        // Xlib swaps to the server's byte order in XPutImage when ours differs.
        ximage.pointee.byte_order = nativeByteOrder
        self.init(connection: connection, ximage: ximage, size: size, format: format, segment: nil)
    }

    private init(connection: X11Connection, ximage: UnsafeMutablePointer<XImage>, size: PixelSize,
                 format: X11PixelFormat, segment: UnsafeMutablePointer<XShmSegmentInfo>?) {
        self.connection = connection
        self.ximage = ximage
        self.size = size
        self.pixels = UnsafeMutableRawPointer(ximage.pointee.data)
        self.bytesPerLine = Int(ximage.pointee.bytes_per_line)
        self.segment = segment
        self.bitmap = format.isNative
            ? Bitmap(borrowing: pixels.assumingMemoryBound(to: UInt32.self), size: size, rowStride: bytesPerLine / 4)
            : nil
    }

    /// Teardown order for shared memory: `XShmDetach`, `XSync` (the server has stopped reading
    /// and dropped the segment), `shmdt`, clear `data` so that `XDestroyImage` does not `free` it.
    deinit {
        if let segment {
            if !connection.isLost {
                XShmDetach(connection.display, segment)
                XSync(connection.display, 0)
            }
            shmdt(segment.pointee.shmaddr)
            ximage.pointee.data = nil
            XDestroyImage(ximage)
            segment.deallocate()
        } else {
            XDestroyImage(ximage)
        }
    }
}

private let nativeByteOrder: Int32 = 1.littleEndian == 1 ? LSBFirst : MSBFirst

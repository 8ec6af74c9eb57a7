import BenchmarkSupport
import CPixman
import Raster

/// Compositor kernels against pixman (and cairo where it does the same operation), each on a
/// whole frame: solid fill, opacity blend, dissolve, bilinear affine and bilinear projective.
///
/// "All threads": our kernels and the peers both run in horizontal bands through `Bands`, one
/// band per thread, each peer band with pixman/cairo images of its own over the same pixels
/// (pixman and cairo are single-threaded; banding them is what a compositor built on them would
/// do). pixman's transformed composites cover the image's bounding box, as ours do; cairo clips
/// to it by itself.
struct KernelBenchmarks {
    let options: BenchOptions

    static let notes = [
        "kernels: pixman/cairo 'all threads' figures run the peer in the same horizontal bands on as many threads",
        "kernels: pixman reads a copy of the picture with a 2-pixel transparent border (its projective path mis-samples negative source coordinates)",
    ]

    func run() -> [BenchRecord] {
        var records: [BenchRecord] = []
        for (width, height) in kernelSizes {
            let scene = KernelScene(width: width, height: height)
            for threads in options.threadCounts {
                records += measure(scene, threads: threads)
            }
        }
        return records
    }

    private func measure(_ s: KernelScene, threads: Int) -> [BenchRecord] {
        let bands = Bands.split(s.frame, count: threads)
        let clock: Stopwatch.Clock = threads == 1 ? .threadCPU : .wall
        let size = sizeText(s.width, s.height)
        var out: [BenchRecord] = []
        func time(_ body: @escaping (Int) -> Void) -> Double {
            Stopwatch.medianMilliseconds(runs: options.runs, clock: clock) { Bands.run(bands.count, body) }
        }
        func add(_ name: String, ours: Double, pixman: Double?, cairo: Double?) {
            out.append(BenchRecord(name: name, size: size, threads: threads, ours: ours, peer: pixman == nil ? nil : "pixman", peerValue: pixman))
            if let cairo {
                out.append(BenchRecord(name: name, size: size, threads: threads, ours: ours, peer: "cairo", peerValue: cairo))
            }
        }

        let destination = s.background.copy()
        let views = bands.map { try! destination.view(of: $0) }
        let peers = PeerImages(bands: bands, destination: destination, photo: s.photo, second: s.second, padded: s.padded)
        defer { peers.release() }
        let grey = PremultipliedColor(packed: 0xFF20_4060)

        if options.wants("solid fill") {
            let ours = time { i in views[i].fill(with: grey) }
            let pixman = time { i in Pixman.fill(peers.pixmanDestination[i], color: grey.packed, rect: bands[i]) }
            let cairo = time { i in Cairo.fill(peers.cairoDestination[i], color: grey, clip: bands[i]) }
            add("solid fill", ours: ours, pixman: pixman, cairo: cairo)
        }
        if options.wants("opacity blend") {
            let photoBands = bands.map { try! s.photo.view(of: $0) }
            let ours = time { i in views[i].composite(photoBands[i], atX: 0, y: 0, opacity: 128) }
            let mask = Pixman.solidMask(opacity: 128 / 255)
            defer { Pixman.release(mask) }
            let pixman = time { i in
                Pixman.composite(PIXMAN_OP_OVER, source: peers.pixmanPhoto[i], mask: mask,
                                 destination: peers.pixmanDestination[i], rect: bands[i])
            }
            let cairo = time { i in
                Cairo.paint(peers.cairoPhoto[i], onto: peers.cairoDestination[i], alpha: 128 / 255, clip: bands[i])
            }
            add("opacity blend 50% over", ours: ours, pixman: pixman, cairo: cairo)
        }
        if options.wants("dissolve") {
            let fromBands = bands.map { try! s.photo.view(of: $0) }
            let toBands = bands.map { try! s.second.view(of: $0) }
            let ours = time { i in try! views[i].mix(from: fromBands[i], to: toBands[i], weight: 100) }
            let mask = Pixman.solidMask(opacity: 100 / 255)
            defer { Pixman.release(mask) }
            let pixman = time { i in
                Pixman.composite(PIXMAN_OP_SRC, source: peers.pixmanPhoto[i], destination: peers.pixmanDestination[i], rect: bands[i])
                Pixman.composite(PIXMAN_OP_OVER, source: peers.pixmanSecond[i], mask: mask,
                                 destination: peers.pixmanDestination[i], rect: bands[i])
            }
            let cairo = time { i in
                Cairo.paint(peers.cairoPhoto[i], onto: peers.cairoDestination[i], operatorSource: true, clip: bands[i])
                Cairo.paint(peers.cairoSecond[i], onto: peers.cairoDestination[i], alpha: 100 / 255, clip: bands[i])
            }
            add("dissolve (SRC, then OVER 39%)", ours: ours, pixman: pixman, cairo: cairo)
        }
        if options.wants("affine") {
            let forward = Scenes.scaledAndRotated(width: s.width, height: s.height, frameWidth: s.width, frameHeight: s.height,
                                                  scale: 0.5, degrees: 30)
            out += transformed("bilinear affine (scale 0.5, rotate 30°)", forward: forward, scene: s, bands: bands,
                               views: views, peers: peers, withCairo: true, time: time, size: size, threads: threads)
        }
        if options.wants("projective") {
            let forward = Scenes.rotatedAboutY(width: s.width, height: s.height, frameWidth: s.width, frameHeight: s.height,
                                               degrees: 60, eyeDistance: 2000)
            out += transformed("bilinear projective (60° about y)", forward: forward, scene: s, bands: bands,
                               views: views, peers: peers, withCairo: false, time: time, size: size, threads: threads)
        }
        return out
    }

    private func transformed(_ name: String, forward: ProjectiveTransform, scene s: KernelScene, bands: [PixelRect],
                             views: [Bitmap], peers: PeerImages, withCairo: Bool,
                             time: (@escaping (Int) -> Void) -> Double, size: String, threads: Int) -> [BenchRecord] {
        let inverse = forward.inverted()!
        let box = Scenes.bounds(of: forward, width: s.width, height: s.height, frame: s.frame)
        let chain = MipmappedImage(s.photo)
        let bilinear = ImageDrawOptions(filter: .bilinear)
        // Each band view has its own origin: shift the map so band pixel (x, y) is frame (x, y + top).
        let bandInverses = bands.map { inverse.concatenatingTranslationBefore(y: Double($0.minY)) }
        let ours = time { i in views[i].drawImage(chain, inverseTransform: bandInverses[i], options: bilinear) }
        let border = Double(s.border)
        var fixed = Pixman.fixedTransform(inverse.concatenating(.translation(x: border, y: border)))
        for image in peers.pixmanPadded {
            pixman_image_set_transform(image, &fixed)
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE)
        }
        let clipped = bands.map { $0.intersection(box) }
        let pixman = time { i in
            guard !clipped[i].isEmpty else { return }
            Pixman.composite(PIXMAN_OP_OVER, source: peers.pixmanPadded[i], destination: peers.pixmanDestination[i], rect: clipped[i])
        }
        var records = [BenchRecord(name: name, size: size, threads: threads, ours: ours, peer: "pixman", peerValue: pixman)]
        if withCairo {
            // Our default filter for a shrinking layer: bilinear from the cached half-size level,
            // which reads a quarter of the pixels (sharper too; not the same output as pixman's).
            _ = chain.level(1)
            let mipmapped = ImageDrawOptions(filter: .mipmappedBilinear)
            let oursMip = time { i in views[i].drawImage(chain, inverseTransform: bandInverses[i], options: mipmapped) }
            records.append(BenchRecord(name: name + ", ours mipmapped", size: size, threads: threads, ours: oursMip,
                                       peer: "pixman", peerValue: pixman))
        }
        if withCairo {
            let cairo = time { i in
                Cairo.paint(peers.cairoPhoto[i], onto: peers.cairoDestination[i], inverse: inverse, clip: bands[i])
            }
            records.append(BenchRecord(name: name, size: size, threads: threads, ours: ours, peer: "cairo", peerValue: cairo))
        }
        return records
    }
}

extension ProjectiveTransform {
    /// This inverse map (destination → source) for a destination whose origin sits at row `y`
    /// of the original destination.
    func concatenatingTranslationBefore(y: Double) -> ProjectiveTransform {
        ProjectiveTransform.translation(x: 0, y: y).concatenating(self)
    }
}

/// The pictures of one frame size: two different opaque photos, a padded copy for pixman, a
/// background.
struct KernelScene {
    let width: Int, height: Int
    let frame: PixelRect
    let photo: Bitmap
    let second: Bitmap
    let border = 2
    let padded: Bitmap
    let background: Bitmap

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        frame = PixelRect(x: 0, y: 0, width: width, height: height)
        photo = TestImage.photo(width: width, height: height)
        second = TestImage.photo(width: width, height: height)
        second.drawImage(photo, inverseTransform: .scale(x: -1, y: 1).concatenating(.translation(x: Double(width), y: 0)),
                         options: ImageDrawOptions(filter: .nearest))
        padded = TestImage.padded(photo, border: border)
        background = Bitmap(size: try! PixelSize(width: width, height: height), filledWith: PremultipliedColor(packed: 0xFF30_3030))
    }
}

/// pixman images per band (pixman images are not to be shared between threads while they are
/// validated) and cairo surfaces, all borrowing the benchmark's pixels.
struct PeerImages {
    let pixmanDestination: [OpaquePointer]
    let pixmanPhoto: [OpaquePointer]
    let pixmanSecond: [OpaquePointer]
    let pixmanPadded: [OpaquePointer]
    let cairoDestination: [OpaquePointer]
    let cairoPhoto: [OpaquePointer]
    let cairoSecond: [OpaquePointer]

    init(bands: [PixelRect], destination: Bitmap, photo: Bitmap, second: Bitmap, padded: Bitmap) {
        pixmanDestination = bands.map { _ in Pixman.image(destination) }
        pixmanPhoto = bands.map { _ in Pixman.image(photo) }
        pixmanSecond = bands.map { _ in Pixman.image(second) }
        pixmanPadded = bands.map { _ in Pixman.image(padded) }
        cairoDestination = bands.map { _ in Cairo.surface(destination) }
        cairoPhoto = bands.map { _ in Cairo.surface(photo) }
        cairoSecond = bands.map { _ in Cairo.surface(second) }
    }

    func release() {
        for image in pixmanDestination + pixmanPhoto + pixmanSecond + pixmanPadded { Pixman.release(image) }
        for surface in cairoDestination + cairoPhoto + cairoSecond { Cairo.release(surface) }
    }
}

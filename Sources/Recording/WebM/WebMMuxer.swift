// Design note. Our own WebM muxer, since libwebm (the reference muxer) is C++ and cannot be
// called from Swift without a C wrapper of our own. It writes one VP9 video track:
//
//   EBML header (DocType webm, version 4: AlphaMode and BlockAdditions)
//   Segment (8-byte size, "unknown" until finish)
//     Void, 96 bytes           → SeekHead (Info, Tracks, Cues) at finish
//     Info                     TimecodeScale 1 ms, apps, Void → Duration at finish
//     Tracks                   V_VP9, size, BT.709 limited-range Colour, AlphaMode 1
//     Cluster…                 (8-byte size, "unknown" while open) Timecode, then blocks
//     Cues                     one CuePoint per keyframe, at finish
//
// Opaque recordings use SimpleBlocks. With alpha, each frame is a BlockGroup: the colour frame
// in the Block, the alpha frame (a second VP9 stream whose luma is the alpha) in BlockAdditional
// with BlockAddID 1, and a ReferenceBlock on frames that are not keyframes. That is the layout
// Chromium plays transparent and ffmpeg's libvpx-vp9 decoder reads back as yuva420p.
//
// A new cluster starts at every keyframe (and before a block's time would leave the cluster's
// 16-bit range), and the open cluster's size is patched when it closes. Everything is written as
// it comes, so a process killed mid-way leaves a file whose Segment and last Cluster have the
// "unknown" size, which ffmpeg and browsers play as a live stream; `finish` writes the Cues and
// patches Duration, SeekHead and the sizes. Nothing depends on the clock or on chance: no dates,
// and the TrackUID is the fixed value 1, so the same frames give the same bytes.

import Raster

/// Writes a WebM file with one VP9 video track, block by block, into a patchable `OutputFile`.
final class WebMMuxer {
    private let output: OutputFile
    let hasAlpha: Bool
    private let framesPerSecond: Int
    /// Bytes in the file, and bytes known to end with a whole block (what a failed write cuts
    /// back to).
    private(set) var fileBytes = 0
    private(set) var committedBytes = 0
    private var segmentDataStart = 0
    private var seekHeadOffset = 0
    private var durationOffset = 0
    private var infoPosition = 0, tracksPosition = 0
    /// The open cluster: where its size field is, where its data starts, its time (ms).
    private var cluster: (sizeOffset: Int, dataStart: Int, time: Int)?
    private var cuePoints: [(time: Int, clusterPosition: Int)] = []
    private var previousBlockTime: Int?
    private var endTime = 0
    private static let seekHeadReserve = 96

    init(output: OutputFile, size: PixelSize, framesPerSecond: Int, hasAlpha: Bool) throws(RecordingError) {
        self.output = output
        self.hasAlpha = hasAlpha
        self.framesPerSecond = framesPerSecond
        var w = EBMLWriter()
        w.master(Matroska.ebml) { e in
            e.unsigned(Matroska.ebmlVersion, 1)
            e.unsigned(Matroska.ebmlReadVersion, 1)
            e.unsigned(Matroska.ebmlMaxIDLength, 4)
            e.unsigned(Matroska.ebmlMaxSizeLength, 8)
            e.string(Matroska.docType, "webm")
            e.unsigned(Matroska.docTypeVersion, 4)
            e.unsigned(Matroska.docTypeReadVersion, 2)
        }
        w.id(Matroska.segment)
        w.bytes += EBMLWriter.unknownSize
        segmentDataStart = w.bytes.count
        seekHeadOffset = w.bytes.count
        w.void(totalBytes: Self.seekHeadReserve)
        infoPosition = w.bytes.count - segmentDataStart
        var info = EBMLWriter()
        info.unsigned(Matroska.timecodeScale, 1_000_000)
        info.string(Matroska.muxingApp, "Kinescope")
        info.string(Matroska.writingApp, "Kinescope")
        let durationStart = info.bytes.count
        info.void(totalBytes: 11)
        w.id(Matroska.info)
        w.size(info.bytes.count)
        durationOffset = w.bytes.count + durationStart
        w.bytes += info.bytes
        tracksPosition = w.bytes.count - segmentDataStart
        w.master(Matroska.tracks) { t in
            t.master(Matroska.trackEntry) { e in
                e.unsigned(Matroska.trackNumber, 1)
                e.unsigned(Matroska.trackUID, 1)
                e.unsigned(Matroska.trackType, 1)
                e.unsigned(Matroska.flagLacing, 0)
                e.string(Matroska.codecID, "V_VP9")
                e.unsigned(Matroska.defaultDuration, UInt64((1_000_000_000 + framesPerSecond / 2) / framesPerSecond))
                if hasAlpha { e.unsigned(Matroska.maxBlockAdditionID, 1) }
                e.master(Matroska.video) { v in
                    v.unsigned(Matroska.pixelWidth, UInt64(size.width))
                    v.unsigned(Matroska.pixelHeight, UInt64(size.height))
                    if hasAlpha { v.unsigned(Matroska.alphaMode, 1) }
                    v.master(Matroska.colour) { c in
                        c.unsigned(Matroska.matrixCoefficients, 1)
                        c.unsigned(Matroska.range, 1)
                        c.unsigned(Matroska.transferCharacteristics, 1)
                        c.unsigned(Matroska.primaries, 1)
                    }
                }
            }
        }
        try output.write(w.bytes)
        fileBytes = w.bytes.count
        committedBytes = fileBytes
    }

    /// When frame `index` starts, in milliseconds: round(1000 · index / fps).
    func time(ofFrame index: Int) -> Int { (2000 * index + framesPerSecond) / (2 * framesPerSecond) }

    /// Appends frame `index`: its colour packet, and its alpha packet when the track has alpha.
    func append(frame index: Int, colour: [UInt8], alpha: [UInt8]?, isKeyframe: Bool) throws(RecordingError) {
        let time = time(ofFrame: index)
        var w = EBMLWriter()
        if cluster == nil || isKeyframe || time - cluster!.time > 30_000 {
            if cluster != nil { try closeCluster() }
            let position = fileBytes - segmentDataStart
            w.id(Matroska.cluster)
            let sizeOffset = fileBytes + w.bytes.count
            w.bytes += EBMLWriter.unknownSize
            let dataStart = fileBytes + w.bytes.count
            w.unsigned(Matroska.timecode, UInt64(time))
            cluster = (sizeOffset, dataStart, time)
            if isKeyframe { cuePoints.append((time, position)) }
            previousBlockTime = nil
        }
        let relative = time - cluster!.time
        var header: [UInt8] = [0x81, UInt8(truncatingIfNeeded: relative >> 8), UInt8(truncatingIfNeeded: relative)]
        if let alpha {
            header.append(0)
            w.master(Matroska.blockGroup) { g in
                g.element(Matroska.block, header + colour)
                g.master(Matroska.blockAdditions) { a in
                    a.master(Matroska.blockMore) { m in
                        m.unsigned(Matroska.blockAddID, 1)
                        m.element(Matroska.blockAdditional, alpha)
                    }
                }
                if !isKeyframe, let previousBlockTime { g.signed(Matroska.referenceBlock, Int64(previousBlockTime - time)) }
            }
        } else {
            header.append(isKeyframe ? 0x80 : 0)
            w.element(Matroska.simpleBlock, header + colour)
        }
        try output.write(w.bytes)
        fileBytes += w.bytes.count
        committedBytes = fileBytes
        previousBlockTime = time
        endTime = self.time(ofFrame: index + 1)
    }

    private func closeCluster() throws(RecordingError) {
        guard let cluster else { return }
        try output.write(EBMLWriter.eightByteSize(committedBytes - cluster.dataStart), at: cluster.sizeOffset)
        self.cluster = nil
    }

    /// Closes the last cluster, appends the Cues, then patches the SeekHead, Duration and the
    /// Segment's size. With `withCues` false (after a failed write, when the disk may be full)
    /// the file is first cut back to its last whole block and only patched in place.
    func finish(withCues: Bool = true) throws(RecordingError) {
        if !withCues { try output.truncate(to: committedBytes) }
        fileBytes = committedBytes
        try closeCluster()
        var cuesPosition: Int?
        if withCues && !cuePoints.isEmpty {
            var w = EBMLWriter()
            w.master(Matroska.cues) { c in
                for point in cuePoints {
                    c.master(Matroska.cuePoint) { p in
                        p.unsigned(Matroska.cueTime, UInt64(point.time))
                        p.master(Matroska.cueTrackPositions) { t in
                            t.unsigned(Matroska.cueTrack, 1)
                            t.unsigned(Matroska.cueClusterPosition, UInt64(point.clusterPosition))
                        }
                    }
                }
            }
            cuesPosition = fileBytes - segmentDataStart
            try output.write(w.bytes)
            fileBytes += w.bytes.count
        }
        var seek = EBMLWriter()
        seek.master(Matroska.seekHead) { s in
            for (id, position) in [(Matroska.info, infoPosition), (Matroska.tracks, tracksPosition)] + (cuesPosition.map { [(Matroska.cues, $0)] } ?? []) {
                s.master(Matroska.seek) { e in
                    e.element(Matroska.seekID, [UInt8(id >> 24), UInt8((id >> 16) & 0xFF), UInt8((id >> 8) & 0xFF), UInt8(id & 0xFF)])
                    e.element(Matroska.seekPosition, (0..<8).reversed().map { UInt8(truncatingIfNeeded: position >> (8 * $0)) })
                }
            }
        }
        seek.void(totalBytes: Self.seekHeadReserve - seek.bytes.count)
        try output.write(seek.bytes, at: seekHeadOffset)
        var duration = EBMLWriter()
        duration.float(Matroska.duration, Double(endTime))
        try output.write(duration.bytes, at: durationOffset)
        try output.write(EBMLWriter.eightByteSize(fileBytes - segmentDataStart), at: segmentDataStart - 8)
    }
}

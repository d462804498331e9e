/// Damage tracking, the second half: which screen pixels differ between two frames, from their
/// render lists alone (no identities: the engine stays out of it).
///
/// Each frame's signature (`DamageSignature.swift`) is compared with the last one, entries
/// matched in paint order: equal entries (same hash, same box) are kept and, for composites
/// of aligned passes, their contents compared the same way; what is left over damages its box
/// in the frame it belongs to — a moved item where it was and where it is, an inserted or
/// removed one where it is or was, a change of paint order the moved item's box (where the
/// overlap lies). Damage inside a pass is grown by the reach of the pass's filters and shadow
/// and cut to its composite. Items with backdrop filters read around themselves: when that
/// region is damaged, all of it is.
///
/// Correctness: a pixel outside the damage is covered by the same matched items, in the same
/// order, with the same appearance in both frames, so it holds the same colour.
///
/// When too much changed (more than twice the screen's area, or more pieces than are worth
/// merging), the comparison stops early and the whole screen is damaged. When that happens
/// frame after frame (a scene where everything moves), the tracker backs off: it builds no
/// signature for the next few frames (1, 2, 4 … up to `maximumSkippedFrames`, doubling while
/// the scene keeps changing everywhere), damaging everything without looking, so that the
/// frames of such a scene pay nothing for tracking; then it builds a signature again and
/// compares the next frame with it.
import Foundation
import GLayersRenderList

/// Compares each frame's render list with the last one's and finds the pixels that changed.
///
/// ```swift
/// var region = DamageRegion(width: 0, height: 0)
/// tracker.compare(list, into: &region)   // then draw only region.rects (or all when isFull)
/// ```
/// - Keeps a signature of the last list, not the list (the engine refills it).
/// - A steady frame allocates nothing: the signatures keep their storage.
public final class DamageTracker {
    /// Passes larger than this many pixels a side are drawn shrunk by the renderer (its
    /// `GL_MAX_TEXTURE_SIZE`): their contents are not compared pixel for pixel.
    public var maximumPassSize: Int {
        get { builder.maximumPassSize }
        set { builder.maximumPassSize = newValue }
    }
    /// How far ahead a mismatch looks for the entry it may have become (an insertion or
    /// removal of up to this many items, or a change of paint order, keeps the rest matched).
    public var lookahead = 8
    /// The most rects a comparison collects before it gives up and damages everything.
    public var rectLimit = 512
    /// The most frames in a row the tracker damages whole without building a signature, while
    /// everything keeps changing.
    public var maximumSkippedFrames = 16

    private var builder = SignatureBuilder()
    private var previous = FrameSignature()
    private var current = FrameSignature()
    private var raw: [PixelRect] = []
    private var rawArea: Int64 = 0
    private var budget: Int64 = 0
    private var invalidated = true
    /// Comparisons in a row that gave up because too much changed.
    private var gaveUpInARow = 0
    /// Frames left to damage whole without a signature (backing off).
    private var skippedFrames = 0

    /// A tracker that has seen no frame (the first comparison damages everything).
    public init() {}

    /// Makes the next comparison damage the whole screen (the pixels shown were lost).
    public func invalidate() {
        invalidated = true
        skippedFrames = 0
    }

    /// Compares `list` with the list of the last call and sets `region` to the pixels that
    /// differ (cut to the screen, not yet simplified).
    ///
    /// - The whole screen when there was no last list, after `invalidate()`, when the size,
    ///   scale or clear colour changed, or when too much changed to be worth tracking.
    public func compare(_ list: RenderList, into region: inout DamageRegion) {
        region.reset(width: list.pixelWidth, height: list.pixelHeight)
        if skippedFrames > 0 && !invalidated {
            // Backing off: the last comparisons found everything changed.
            skippedFrames -= 1
            previous.reset()
            current.reset()
            return region.setFull()
        }
        swap(&previous, &current)
        builder.build(list, into: &current)
        defer { invalidated = false }
        guard !invalidated, previous.isValid, !previous.sequences.isEmpty, !current.sequences.isEmpty,
            previous.width == current.width, previous.height == current.height, previous.scale == current.scale,
            previous.clear == current.clear
        else { return region.setFull() }
        raw.removeAll(keepingCapacity: true)
        rawArea = 0
        budget = 2 * Int64(list.pixelWidth) * Int64(list.pixelHeight)
        guard compareSequences(0, 0) else {
            gaveUpInARow += 1
            // A single frame of wholesale change (a page switch) keeps tracking; a second one
            // in a row starts backing off, unless the list has offscreen passes: the signature
            // identifies their contents, and the renderer reuses those that did not change (a
            // masked backdrop behind a spinner that covers the screen) while the screen
            // changes whole.
            if gaveUpInARow >= 2 && list.passes.count <= 1 {
                skippedFrames = min(1 << min(gaveUpInARow - 2, 30), maximumSkippedFrames)
            }
            return region.setFull()
        }
        gaveUpInARow = 0
        for r in raw { region.add(r) }
    }

    /// Grows `region` until every item with backdrop filters that reads a damaged pixel has
    /// all it reads damaged (it reads what lies under it, which must be redrawn first);
    /// `region` is simplified again when it grows.
    public func closeOverBackdrops(_ region: inout DamageRegion) {
        guard !current.sequences.isEmpty, !region.isFull else { return }
        let screen = current.range(0)
        var changed = true
        while changed && !region.isFull {
            changed = false
            for k in screen {
                let reads = current.entries[k].reads
                guard !reads.isEmpty, region.intersects(reads) else { continue }
                if region.rects.contains(where: { $0.contains(reads) }) { continue }
                region.add(reads)
                changed = true
            }
            if changed { region.simplify() }
        }
    }

    /// A hash of what pass `index` of `list` draws before its effects (geometry, items, the
    /// passes they composite, by content): equal hashes, equal pixels. `list` must be the list
    /// of the last `compare` (the hashes of its clips and passes are kept until the next one).
    ///
    /// - The renderer keeps results of effects that depend on a pass's content alone (a
    ///   bloom's blurred bright parts) while this hash stays the same.
    public func contentHash(ofPass index: Int, in list: RenderList) -> UInt64? {
        guard index > 0, index < list.passes.count, current.isValid, current.width == list.pixelWidth,
            current.height == list.pixelHeight
        else { return nil }
        return builder.itemsHash(index, list)
    }

    /// A hash of what pass `index` of `list` gives after its effects (its content, the effects
    /// and the passes they read, by the same hash): equal hashes, equal results. `list` as for
    /// `contentHash(ofPass:in:)`.
    ///
    /// - The renderer keeps a pass's result while this hash stays the same (a masked layer
    ///   that does not change while something else moves is masked once).
    public func resultHash(ofPass index: Int, in list: RenderList) -> UInt64? {
        guard index > 0, index < list.passes.count, current.isValid, current.width == list.pixelWidth,
            current.height == list.pixelHeight
        else { return nil }
        return builder.contentHash(index, list)
    }

    /// The number of items of the screen pass in the last list compared.
    public var screenItemCount: Int { current.sequences.isEmpty ? 0 : current.range(0).count }

    /// The screen pixels item `index` of the screen pass may change (last list compared);
    /// items outside the damage need not be drawn.
    public func screenBox(ofItem index: Int) -> PixelRect { current.entries[index].box }

    // MARK: Comparing

    /// Compares old sequence `o` with new sequence `n`, appending damage to `raw`; false when
    /// the budget ran out.
    private func compareSequences(_ o: Int, _ n: Int) -> Bool {
        let old = previous.range(o), new = current.range(n)
        let marker = raw.count
        var i = old.lowerBound, j = new.lowerBound
        while i < old.upperBound && j < new.upperBound {
            let a = previous.entries[i], b = current.entries[j]
            if a.matches(b) {
                guard compareContents(a, b) else { return false }
                i += 1
                j += 1
                continue
            }
            // An insertion, a removal, or (neither found nearby) a change.
            var k = 1
            var found = 0
            while k <= lookahead {
                if j + k < new.upperBound && a.matches(current.entries[j + k]) {
                    found = 1
                    break
                }
                if i + k < old.upperBound && previous.entries[i + k].matches(b) {
                    found = 2
                    break
                }
                k += 1
            }
            switch found {
            case 1:
                for t in j..<(j + k) { damage(current.entries[t].box) }
                j += k
            case 2:
                for t in i..<(i + k) { damage(previous.entries[t].box) }
                i += k
            default:
                damage(a.box)
                damage(b.box)
                i += 1
                j += 1
            }
            guard rawArea <= budget && raw.count <= rectLimit else { return false }
        }
        while i < old.upperBound {
            damage(previous.entries[i].box)
            i += 1
        }
        while j < new.upperBound {
            damage(current.entries[j].box)
            j += 1
        }
        guard rawArea <= budget && raw.count <= rectLimit else { return false }
        closeOverBackdrops(inSequence: n, from: marker)
        return true
    }

    /// For matched composites: the damage inside their passes, grown by the effects' reach
    /// and cut to the composite.
    private func compareContents(_ a: DamageEntry, _ b: DamageEntry) -> Bool {
        if b.content >= 0 && a.content >= 0 {
            let marker = raw.count
            guard compareSequences(Int(a.content), Int(b.content)) else { return false }
            transform(from: marker, grow: b.reach + 2, cut: b.box)
        }
        if b.mask >= 0 && a.mask >= 0 {
            let marker = raw.count
            guard compareSequences(Int(a.mask), Int(b.mask)) else { return false }
            transform(from: marker, grow: 2, cut: b.box)
        }
        return true
    }

    /// Grows the rects from `marker` on and cuts them to `cut`, dropping empty ones.
    private func transform(from marker: Int, grow: Int32, cut: PixelRect) {
        var w = marker
        for r in marker..<raw.count {
            let t = raw[r].grown(by: grow).intersection(cut)
            if t.isEmpty { continue }
            raw[w] = t
            w += 1
        }
        raw.removeSubrange(w..<raw.count)
    }

    /// Within one sequence: items with backdrop filters that read damage are damaged whole.
    private func closeOverBackdrops(inSequence n: Int, from marker: Int) {
        guard raw.count > marker else { return }
        var changed = true
        while changed {
            changed = false
            for k in current.range(n) {
                let reads = current.entries[k].reads
                guard !reads.isEmpty else { continue }
                var hit = false, covered = false
                for r in marker..<raw.count where raw[r].intersects(reads) {
                    hit = true
                    if raw[r].contains(reads) { covered = true }
                }
                if hit && !covered {
                    damage(reads)
                    changed = true
                }
            }
        }
    }

    private func damage(_ r: PixelRect) {
        guard !r.isEmpty else { return }
        raw.append(r)
        rawArea += r.area
    }
}

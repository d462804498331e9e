/// Damage from render lists alone (`DamageTracker`, `DamageRegion`): no GPU.
import GLayersDamage
import GLayersRenderList
import Testing

@Suite struct DamageTrackerTests {
    /// A 100×80 screen: a full-screen background and `boxes` 10×10 items at their origins.
    private func list(_ boxes: [(Float, Float)], colour: Color = .red, clear: Color = .black) -> RenderList {
        let b = ListBuilder(width: 100, height: 80, clear: clear)
        var items = [DrawItem(transform: .identity, rect: Rect(0, 0, 100, 80), background: .white)]
        for (x, y) in boxes {
            items.append(DrawItem(transform: .translate(x, y), rect: Rect(0, 0, 10, 10), background: colour))
        }
        return b.screen(items)
    }

    private func damage(_ lists: RenderList...) -> DamageRegion {
        let tracker = DamageTracker()
        var region = DamageRegion(width: 0, height: 0)
        for l in lists { tracker.compare(l, into: &region) }
        return region
    }

    /// A 10×10 item's box: its pixels and one more on each side (anti-aliasing).
    private func box(_ x: Int32, _ y: Int32, _ w: Int32 = 10, _ h: Int32 = 10) -> PixelRect {
        PixelRect(minX: x - 1, minY: y - 1, maxX: x + w + 1, maxY: y + h + 1)
    }

    @Test func theFirstFrameIsDamagedWhole() {
        #expect(damage(list([(10, 10)])).isFull)
    }

    @Test func anUnchangedFrameHasNoDamage() {
        #expect(damage(list([(10, 10), (40, 20)]), list([(10, 10), (40, 20)])).isEmpty)
    }

    /// A moved layer damages where it was and where it is.
    @Test func aMoveDamagesBothPlaces() {
        let d = damage(list([(10, 10), (40, 20)]), list([(10, 10), (60, 50)]))
        #expect(Set(d.rects) == [box(40, 20), box(60, 50)])
    }

    @Test func aColourChangeDamagesTheItem() {
        let d = damage(list([(10, 10)], colour: .red), list([(10, 10)], colour: .blue))
        #expect(d.rects == [box(10, 10)])
    }

    /// Inserted and removed items damage only their own boxes; the rest stays matched.
    @Test func insertionsAndRemovalsDamageOnlyThemselves() {
        let before: [(Float, Float)] = [(0, 5), (20, 5), (40, 5), (60, 5), (80, 5)]
        var after = before
        after.insert((30, 50), at: 2)
        #expect(damage(list(before), list(after)).rects == [box(30, 50)])
        after = before
        after.remove(at: 1)
        #expect(damage(list(before), list(after)).rects == [box(20, 5)])
    }

    /// A change of paint order damages the item that moved in the order (where the overlap is).
    @Test func aPaintOrderChangeDamagesTheOverlap() {
        let d = damage(
            list([(10, 10), (15, 15), (60, 60)]), list([(15, 15), (10, 10), (60, 60)]))
        #expect(d.rects.count == 1)
        #expect(d.rects[0].contains(PixelRect(minX: 15, minY: 15, maxX: 20, maxY: 20)))
        #expect(!d.intersects(box(60, 60)))
    }

    @Test func aNewSizeOrClearColourDamagesEverything() {
        #expect(damage(list([(10, 10)]), list([(10, 10)], clear: .white)).isFull)
        let tracker = DamageTracker()
        var region = DamageRegion(width: 0, height: 0)
        tracker.compare(list([(10, 10)]), into: &region)
        tracker.invalidate()
        tracker.compare(list([(10, 10)]), into: &region)
        #expect(region.isFull)
    }

    /// When everything moves (the snowfall), the comparison gives up: the whole screen.
    @Test func everythingMovingDamagesTheWholeScreen() {
        let a = (0..<200).map { (Float($0 % 10) * 10, Float($0 / 10) * 4) }
        let b = a.map { ($0.0 + 1, $0.1 + 1) }
        #expect(damage(list(a), list(b)).isFull)
    }

    /// A list with an offscreen pass does not back off: its signature identifies the pass's
    /// content, which the renderer reuses while the screen around it changes whole.
    @Test func everythingMovingAroundAPassKeepsItsSignature() {
        let base = (0..<200).map { (Float($0 % 10) * 10, Float($0 / 10) * 4) }
        func moved(_ k: Int) -> RenderList {
            let b = ListBuilder(width: 100, height: 80, clear: .black)
            let pass = b.pass(
                source: Rect(0, 0, 20, 20), screenSpace: true,
                items: [DrawItem(transform: .identity, rect: Rect(0, 0, 20, 20), background: .blue)])
            var items = [DrawItem(transform: .identity, rect: Rect(0, 0, 20, 20), content: .pass(pass))]
            for (x, y) in base {
                items.append(
                    DrawItem(
                        transform: .translate(x + Float(k % 7), y + Float(k % 5)), rect: Rect(0, 0, 10, 10),
                        background: .red))
            }
            return b.screen(items)
        }
        let tracker = DamageTracker()
        var region = DamageRegion(width: 0, height: 0)
        var hashes: [UInt64?] = []
        for k in 0..<12 {
            let l = moved(k)
            tracker.compare(l, into: &region)
            #expect(region.isFull)
            hashes.append(tracker.contentHash(ofPass: 1, in: l))
        }
        #expect(hashes.dropFirst().allSatisfy { $0 != nil && $0 == hashes[1] })
    }

    /// While everything keeps moving, the tracker backs off (1, 2, 4 … frames damaged whole
    /// without a signature), a single wholesale change does not start it, and once the scene
    /// rests it is tracked again within the longest back-off and two frames.
    @Test func everythingMovingBacksOffAndRestingTracksAgain() {
        let base = (0..<200).map { (Float($0 % 10) * 10, Float($0 / 10) * 4) }
        func moved(_ k: Int) -> RenderList { list(base.map { ($0.0 + Float(k % 7), $0.1 + Float(k % 5)) }) }
        let tracker = DamageTracker()
        tracker.maximumSkippedFrames = 4
        var region = DamageRegion(width: 0, height: 0)
        // One wholesale change between still frames keeps tracking.
        tracker.compare(moved(0), into: &region)
        tracker.compare(moved(1), into: &region)
        #expect(region.isFull)
        tracker.compare(moved(1), into: &region)
        #expect(region.isEmpty, "a still frame right after one wholesale change is compared")
        // Change after change: whole frames, and frames without a signature in between.
        var signatures = 0
        for k in 2..<40 {
            tracker.compare(moved(k), into: &region)
            #expect(region.isFull, "frame \(k) of everything moving")
            if tracker.screenItemCount > 0 { signatures += 1 }
        }
        #expect(signatures < 20, "backing off: \(signatures) signatures in 38 frames of wholesale change")
        // At rest: tracked again (no damage) within the longest back-off and two frames.
        var rested = -1
        for k in 0..<(tracker.maximumSkippedFrames + 3) {
            tracker.compare(moved(40), into: &region)
            if region.isEmpty {
                rested = k
                break
            }
        }
        #expect(rested >= 0, "a resting scene is tracked again")
        // An invalidation ends the back-off at once.
        for k in 41..<46 { tracker.compare(moved(k), into: &region) }
        tracker.invalidate()
        tracker.compare(moved(46), into: &region)
        tracker.compare(moved(46), into: &region)
        #expect(region.isEmpty)
    }

    /// Clips cut an item's box.
    @Test func clipsCutTheDamage() {
        func clipped(_ x: Float) -> RenderList {
            let b = ListBuilder(width: 100, height: 80)
            let clip = b.clip(
                ClipNode(transform: .translate(20, 20), rect: Rect(0, 0, 10, 10), cornerRadius: 0, parent: -1))
            return b.screen([
                DrawItem(transform: .translate(x, 0), rect: Rect(0, 0, 60, 60), background: .red, clip: clip)
            ])
        }
        let d = damage(clipped(0), clipped(5))
        #expect(d.bounds == PixelRect(minX: 19, minY: 19, maxX: 31, maxY: 31))
    }

    /// A change inside a blurred group damages the change grown by the blur's reach, not the
    /// whole group.
    @Test func changesInsideAFilteredPassSpreadByTheFilter() {
        func group(_ x: Float) -> RenderList {
            let b = ListBuilder(width: 200, height: 100)
            var effects = PassEffects()
            effects.filters = [.gaussianBlur(sigma: 2)]
            let source = Rect(0, 0, 200, 100)
            let pass = b.pass(
                source: source, screenSpace: true, effects: effects,
                items: [
                    DrawItem(transform: .translate(x, 40), rect: Rect(0, 0, 10, 10), background: .red),
                    DrawItem(transform: .translate(150, 40), rect: Rect(0, 0, 10, 10), background: .blue),
                ])
            return b.screen([DrawItem(transform: .identity, rect: source, content: .pass(pass))])
        }
        var d = damage(group(20), group(40))
        d.simplify()
        let reach = FilterOp.blurReach(sigmaPixels: 2) + 2
        #expect(d.bounds == box(20, 40, 30, 10).grown(by: reach))
        #expect(!d.intersects(box(150, 40)))
        #expect(d.rects.count == 1)
    }

    /// Items with backdrop filters read around themselves: damage near them damages all they
    /// read.
    @Test func backdropReadersTakeTheirWholeRegion() {
        func scene(_ x: Float) -> RenderList {
            let b = ListBuilder(width: 200, height: 100)
            b.list.filterChains = [[.gaussianBlur(sigma: 3)]]
            return b.screen([
                DrawItem(transform: .translate(x, 10), rect: Rect(0, 0, 10, 10), background: .red),
                DrawItem(
                    transform: .translate(100, 10), rect: Rect(0, 0, 40, 40),
                    background: Color(r: 0, g: 0, b: 0.2, a: 0.2),
                    backdropFilters: 0),
            ])
        }
        let tracker = DamageTracker()
        var region = DamageRegion(width: 0, height: 0)
        tracker.compare(scene(85), into: &region)
        tracker.compare(scene(87), into: &region)
        region.simplify()
        tracker.closeOverBackdrops(&region)
        let reads = box(100, 10, 40, 40).grown(by: FilterOp.blurReach(sigmaPixels: 3) + 3)
        #expect(region.rects.contains { $0.contains(reads.intersection(region.screen)) })
        // Far from the reader, nothing more.
        tracker.compare(scene(10), into: &region)
        tracker.compare(scene(12), into: &region)
        region.simplify()
        tracker.closeOverBackdrops(&region)
        #expect(region.bounds == PixelRect(minX: 9, minY: 9, maxX: 23, maxY: 21))
    }

    /// Simplified regions are disjoint, at most the limit, and cover what was added.
    @Test func simplifiedRegionsAreDisjointAndCover() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var region = DamageRegion(width: 500, height: 400)
            var added: [PixelRect] = []
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                let x = Int32.random(in: 0..<480, using: &generator), y = Int32.random(in: 0..<380, using: &generator)
                let r = PixelRect(
                    minX: x, minY: y, maxX: x + Int32.random(in: 1...60, using: &generator),
                    maxY: y + Int32.random(in: 1...60, using: &generator))
                added.append(r.intersection(region.screen))
                region.add(r)
            }
            region.simplify(maximumRects: 8, fullFraction: 2)
            #expect(region.rects.count <= 8)
            for (i, a) in region.rects.enumerated() {
                for b in region.rects[(i + 1)...] { #expect(!a.intersects(b)) }
            }
            for r in added { #expect(region.rects.contains { $0.contains(r) }) }
        }
    }

    /// `simplify` merges as the search of every pair at every merge does (kept here as the
    /// reference), rect for rect and in the same order, ties included: rects on a coarse grid
    /// tie often.
    @Test func simplifyingMergesAsTheSearchOfEveryPair() {
        func reference(_ input: [PixelRect], maximumRects: Int) -> [PixelRect] {
            var rects = input
            while rects.count > 1 {
                var best = (i: -1, j: -1, waste: Int64.max, overlaps: false)
                for i in 0..<rects.count {
                    for j in (i + 1)..<rects.count {
                        let a = rects[i], b = rects[j]
                        let overlaps = a.intersects(b)
                        let waste = a.union(b).area - a.area - b.area + a.intersection(b).area
                        if (overlaps && !best.overlaps) || (overlaps == best.overlaps && waste < best.waste) {
                            best = (i, j, waste, overlaps)
                        }
                    }
                }
                let a = rects[best.i], b = rects[best.j]
                let cheap = best.waste <= max(4096, (a.area + b.area) / 4)
                guard best.overlaps || rects.count > maximumRects || cheap else { break }
                rects[best.i] = a.union(b)
                rects.remove(at: best.j)
            }
            return rects
        }
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            var region = DamageRegion(width: 1200, height: 900)
            let step = Int32([1, 20, 100][round % 3])
            for _ in 0..<Int.random(in: 2...DamageRegion.rawLimit, using: &generator) {
                let x = Int32.random(in: 0..<1100 / step, using: &generator) * step
                let y = Int32.random(in: 0..<800 / step, using: &generator) * step
                region.add(
                    PixelRect(
                        minX: x, minY: y, maxX: x + step * Int32.random(in: 1...5, using: &generator),
                        maxY: y + step * Int32.random(in: 1...5, using: &generator)))
            }
            let input = region.rects, limit = Int.random(in: 1...10, using: &generator)
            region.simplify(maximumRects: limit, fullFraction: 2)
            let box = input.dropFirst().reduce(input[0]) { $0.union($1) }
            let expected = input.count > 1 && box.area <= 4096 ? [box] : reference(input, maximumRects: limit)
            #expect(region.rects == expected, "\(input) at most \(limit)")
        }
    }
}

import Foundation
import Testing

@testable import GLayers

/// The memory layout the per-frame path relies on, pinned: the lines prefetching brings of a
/// layer's state and of a block, and the size of a fast animation.
@Suite struct PresentationBlockTests {
    /// A memoized layer's flattening reads its placement and visibility and nothing else of
    /// its state: the prefetched lines (`LayerState.placementBytes`) hold all of it.
    @Test func placementLinesHoldWhatPlacingALayerReads() {
        func end<T>(_ path: KeyPath<LayerState, T>) -> Int {
            (MemoryLayout<LayerState>.offset(of: path) ?? .max) + MemoryLayout<T>.size
        }
        let read = [
            end(\.bounds), end(\.position), end(\.zPosition), end(\.anchorPoint), end(\.anchorPointZ),
            end(\.transform), end(\.opacity), end(\.isHidden),
        ]
        #expect(read.allSatisfy { $0 <= LayerState.placementBytes })
        #expect(LayerState.placementBytes <= MemoryLayout<LayerState>.size)
    }

    @Test func hotLinesHoldWhatAFrameTouches() {
        let stateStart = MemoryLayout<PresentedState>.offset(of: \PresentedState.state) ?? -1
        let transformEnd =
            stateStart + (MemoryLayout<LayerState>.offset(of: \LayerState.transform) ?? -1)
            + MemoryLayout<CATransform3D>.size
        #expect(PresentationBlock.hotStateBytes == transformEnd)
        for (field, offset) in [
            ("transformSource", MemoryLayout<PresentedState>.offset(of: \PresentedState.transformSource)),
            ("evaluation", MemoryLayout<PresentedState>.offset(of: \PresentedState.evaluation)),
            ("transformParts", MemoryLayout<PresentedState>.offset(of: \PresentedState.transformParts)),
            ("state.position", MemoryLayout<PresentedState>.offset(of: \PresentedState.state.position)),
        ] {
            let o = try? #require(offset)
            #expect((o ?? .max) < PresentationBlock.hotStateBytes, "\(field) is prefetched")
        }
    }

    /// What a frame reads of an animated layer's presented state (the header, the parts and
    /// the placement) lies in its first six lines: the block starts on a line
    /// (`PresentationBlock`), the parts take 128 bytes, and the placement fields come first in
    /// `LayerState`, before `sublayerTransform`.
    @Test func aFrameReadsSixLinesOfAPresentedState() {
        let stateStart = MemoryLayout<PresentedState>.offset(of: \PresentedState.state) ?? .max
        #expect(MemoryLayout<TransformParts>.size == 128)
        #expect(stateStart + LayerState.placementBytes <= 6 * 64)
        #expect(PresentationBlock.hotStateBytes <= 6 * 64)
        // `sublayerTransform`, which few layers set, is not in the state: it is one of the
        // reference box's rare fields.
        #expect(MemoryLayout<LayerState>.offset(of: \LayerState.sublayerTransform) == nil)
    }

    @Test func referencesOffsetFindsTheReferenceBox() {
        var presented = PresentedState(LayerState())
        presented.state.backgroundColor = .object(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        withUnsafeMutablePointer(to: &presented) { p in
            let box = UnsafeRawPointer(p).load(
                fromByteOffset: PresentationBlock.referencesOffset, as: UnsafeRawPointer.self)
            #expect(box == UnsafeRawPointer(Unmanaged.passUnretained(p.pointee.state.references).toOpaque()))
        }
    }

    @Test func fastAnimationsStayCompact() {
        // Four animations (a snowflake's) in six cache lines.
        #expect(MemoryLayout<FastAnimation>.stride == 96)
    }
}

extension ClockTests {
    /// A layer's presentation block goes away with the layer (and with it the presented
    /// state's references).
    @Suite struct PresentationBlockLifetime {
        @Test func blocksAreFreedWithTheirLayer() {
            weak var image: CGImage?
            withManualClock {
                do {
                    let layer = CALayer()
                    let contents = try? CGImage(width: 1, height: 1, premultipliedRGBA: [255, 0, 0, 255])
                    image = contents
                    layer.contents = contents
                    layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
                    _ = layer.presentation(atMediaTime: 0)
                }
                // The transaction that added the animation holds the layer until it commits.
                CATransaction.flush()
            }
            #expect(image == nil, "the presented state in the block released the contents")
        }
    }
}

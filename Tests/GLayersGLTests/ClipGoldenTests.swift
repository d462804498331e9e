/// Goldens of clips (masksToBounds): rounded-rect clips that stay exact under rotation,
/// perspective and nesting, each with anti-aliased edges.
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct ClipGoldenTests {
    /// Items a clip's children draw: a red bar crossing the whole clip, a blue square past
    /// its corner (all in the clip's plane, then `world`).
    private func children(in world: Matrix4, clip: Int32) -> [DrawItem] {
        [
            DrawItem(
                transform: Matrix4.translate(-20, 14).then(world), rect: Rect(0, 0, 110, 12), background: .red,
                clip: clip),
            DrawItem(
                transform: Matrix4.layer(size: 30, 30, at: 56, 36, transform: .rotate(0.5, 0, 0, 1)).then(world),
                rect: Rect(0, 0, 30, 30), background: .blue, clip: clip),
        ]
    }

    /// One rounded clip turned 20°: the children are cut along its rounded edge.
    @Test func rotatedRoundedClip() throws {
        let b = ListBuilder(width: 100, height: 72, clear: .white)
        let world = Matrix4.layer(size: 64, 44, at: 50, 36, transform: .rotate(0.35, 0, 0, 1))
        let clip = b.clip(ClipNode(transform: world, rect: Rect(0, 0, 64, 44), cornerRadius: 12, parent: -1))
        b.screen(
            [DrawItem(transform: world, rect: Rect(0, 0, 64, 44), background: .rgba(0.85, 0.9, 0.85))]
                + children(in: world, clip: clip))
        // Tolerance: geometry. Flat colours; every edge is analytic coverage.
        Golden.check(try GLHarness.image(of: b.list), "clip-rotated", .geometry)
    }

    /// A clip in a plane turned 50° about y under m34 = −1/150: the cut follows the
    /// foreshortened rounded rect.
    @Test func perspectiveClip() throws {
        let b = ListBuilder(width: 100, height: 72, clear: .white)
        let world = Matrix4.layer(
            size: 64, 44, at: 50, 36, transform: .rotate(0.9, 0, 1, 0), perspective: 150, about: 50, 36)
        let clip = b.clip(ClipNode(transform: world, rect: Rect(0, 0, 64, 44), cornerRadius: 12, parent: -1))
        b.screen(
            [DrawItem(transform: world, rect: Rect(0, 0, 64, 44), background: .rgba(0.85, 0.9, 0.85))]
                + children(in: world, clip: clip))
        // Tolerance: geometry. Flat colours; the clip's coverage goes through one perspective division per pixel.
        Golden.check(try GLHarness.image(of: b.list), "clip-perspective", .geometry)
    }

    /// Nested: an outer clip turned −15° holds an inner clip turned +40° in perspective; the
    /// inner children are cut by both (product of coverages), outer-only children by one.
    @Test func nestedClips() throws {
        let b = ListBuilder(width: 112, height: 80, clear: .white)
        let outerWorld = Matrix4.layer(size: 80, 60, at: 56, 40, transform: .rotate(-0.26, 0, 0, 1))
        let outer = b.clip(ClipNode(transform: outerWorld, rect: Rect(0, 0, 80, 60), cornerRadius: 14, parent: -1))
        let innerWorld = Matrix4.layer(
            size: 50, 36, at: 46, 30, transform: .rotate(0.7, 1, 0.4, 0), perspective: 120, about: 40, 30
        )
        .then(outerWorld)
        let inner = b.clip(ClipNode(transform: innerWorld, rect: Rect(0, 0, 50, 36), cornerRadius: 8, parent: outer))
        b.screen(
            [
                DrawItem(transform: outerWorld, rect: Rect(0, 0, 80, 60), background: .rgba(0.85, 0.88, 0.95)),
                DrawItem(
                    transform: Matrix4.translate(-10, 44).then(outerWorld), rect: Rect(0, 0, 100, 10),
                    background: .green, clip: outer),
                DrawItem(transform: innerWorld, rect: Rect(0, 0, 50, 36), background: .yellow, clip: outer),
            ] + children(in: innerWorld, clip: inner))
        // Tolerance: geometry. Flat colours; two clip coverages multiply.
        Golden.check(try GLHarness.image(of: b.list), "clip-nested", .geometry)
    }

    /// A clip seen edge-on (singular) hides what it clips; an item whose clip index is out of
    /// range is drawn unclipped rather than lost.
    @Test func degenerateClips() throws {
        let b = ListBuilder(width: 48, height: 24, clear: .white)
        let edgeOn = Matrix4.layer(size: 20, 20, at: 12, 12, transform: .rotate(.pi / 2, 0, 1, 0))
        let clip = b.clip(ClipNode(transform: edgeOn, rect: Rect(0, 0, 20, 20), cornerRadius: 0, parent: -1))
        b.screen([
            DrawItem(transform: .translate(2, 2), rect: Rect(0, 0, 20, 20), background: .red, clip: clip),
            DrawItem(transform: .translate(26, 2), rect: Rect(0, 0, 20, 20), background: .blue, clip: 7),
        ])
        let image = try GLHarness.image(of: b.list)
        #expect(image.pixel(x: 12, y: 12).map { $0.r == 255 && $0.g == 255 } == true)
        #expect(image.pixel(x: 36, y: 12).map { $0.b > 200 && $0.r < 60 } == true)
    }
}

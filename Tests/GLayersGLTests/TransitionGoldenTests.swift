/// Goldens of transitions (CATransition): each kind at 0, 25, 50, 75 and 100 %, and each
/// direction at 50 %. Old content: blue with a white horizontal bar; new content: orange
/// with a dark vertical bar, so position and direction are visible.
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

@Suite(.serialized) struct TransitionGoldenTests {
    static let tile = Rect(0, 0, 36, 28)

    /// Adds the old and new passes with a transition; returns the composite item at `x`.
    private func transition(
        _ b: ListBuilder, _ kind: TransitionKind, _ direction: TransitionDirection, _ progress: Float, x: Float
    ) -> DrawItem {
        let old = b.pass(
            source: Self.tile,
            items: [
                DrawItem(transform: .identity, rect: Self.tile, background: .blue),
                DrawItem(transform: .translate(4, 11), rect: Rect(0, 0, 28, 6), background: .white),
            ])
        var effects = PassEffects()
        effects.transition = TransitionSpec(kind: kind, direction: direction, progress: progress, before: old)
        let new = b.pass(
            source: Self.tile, effects: effects,
            items: [
                DrawItem(transform: .identity, rect: Self.tile, background: .rgba(1, 0.6, 0.1)),
                DrawItem(transform: .translate(15, 3), rect: Rect(0, 0, 6, 22), background: .rgba(0.2, 0.1, 0)),
            ])
        return DrawItem(transform: .translate(x, 2), rect: Self.tile, content: .pass(new))
    }

    /// One kind from the left at 0, 25, 50, 75, 100 %.
    private func progressStrip(_ kind: TransitionKind) throws -> CGImage {
        let b = ListBuilder(width: 192, height: 32, clear: .white)
        var items: [DrawItem] = []
        for (i, p) in [Float(0), 0.25, 0.5, 0.75, 1].enumerated() {
            items.append(transition(b, kind, .fromLeft, p, x: 2 + Float(i) * 38))
        }
        b.screen(items)
        return try GLHarness.image(of: b.list)
    }

    /// Fade: old at 1 − p plus new at p (linear cross-fade).
    @Test func fade() throws {
        // Tolerance: geometry. Flat colours mixed at fixed fractions.
        Golden.check(try progressStrip(.fade), "transition-fade", .geometry)
    }

    /// moveIn from the left: the new content slides in over the old, which stays put.
    @Test func moveIn() throws {
        // Tolerance: geometry. Offsets of whole pixels (a quarter of 36 is 9); flat colours.
        Golden.check(try progressStrip(.moveIn), "transition-movein", .geometry)
    }

    /// push from the left: the new content enters from the left and pushes the old out to
    /// the right.
    @Test func push() throws {
        // Tolerance: geometry. Offsets of whole pixels; flat colours.
        Golden.check(try progressStrip(.push), "transition-push", .geometry)
    }

    /// reveal from the left: the old content slides out to the right, uncovering the new,
    /// which does not move.
    @Test func reveal() throws {
        // Tolerance: geometry. Offsets of whole pixels; flat colours.
        Golden.check(try progressStrip(.reveal), "transition-reveal", .geometry)
    }

    /// push at 50 % from the left, right, top and bottom (y down: fromTop enters at the top).
    @Test func directions() throws {
        let b = ListBuilder(width: 154, height: 32, clear: .white)
        var items: [DrawItem] = []
        for (i, d) in [TransitionDirection.fromLeft, .fromRight, .fromTop, .fromBottom].enumerated() {
            items.append(transition(b, .push, d, 0.5, x: 2 + Float(i) * 38))
        }
        b.screen(items)
        // Tolerance: geometry. Half offsets are whole pixels (18 and 14); flat colours.
        Golden.check(try GLHarness.image(of: b.list), "transition-directions", .geometry)
    }
}

/// What a `FrameDriver` tells about a completed frame: its counters, its damage, the time of
/// each phase, when it started and when it was done. A pipelined driver publishes a frame's
/// report on the caller's thread when the render thread hands the frame back, so reading it
/// never races with the frame being drawn.
import Foundation
import GLayersGL
import GLayersGraphics
import GLayersRenderList

/// The time a frame spent in each phase, in milliseconds.
public struct FramePhases: Equatable, Sendable {
    /// Display links, `CATransaction.flush()` and `evaluatePresentationTree` (caller's thread).
    public var evaluate = 0.0
    /// `FrameBuilder.build`: the presentation tree into a render list (caller's thread).
    public var flatten = 0.0
    /// The renderer's CPU work before GL draws: damage, pass scheduling, planning, instance
    /// packing (`RenderStats.planMilliseconds`).
    public var plan = 0.0
    /// The instance upload, the GL calls, and `glFinish` when the driver waits for the GPU
    /// (`RenderStats.submitMilliseconds` plus the wait).
    public var submit = 0.0
    /// Presenting (the window's swap or MIT-SHM puts); 0 headless.
    public var present = 0.0

    /// All zero.
    public init() {}
}

/// A completed frame of a `FrameDriver`.
public struct FrameReport: Sendable {
    /// The frame's number: frames are counted from 1 as they are started (0: no frame yet).
    public var number = 0
    /// The renderer's counters of the frame.
    public var stats = RenderStats()
    /// The screen pixels the frame redrew (`Renderer.damage`).
    public var damage = DamageRegion(width: 0, height: 0)
    /// Layers flattened (`RenderList.layerCount`).
    public var layerCount = 0
    /// The time of each phase.
    public var phases = FramePhases()
    /// When the frame started (its display links), in `MonotonicClock` seconds.
    public var startedAt = 0.0
    /// When it was drawn, presented and (when the driver waits for the GPU) finished, in
    /// `MonotonicClock` seconds.
    public var completedAt = 0.0

    /// No frame.
    public init() {}

    /// From the start of the frame to its completion, in milliseconds (with pipelining, the
    /// frame's latency: it includes the wait for the frame before it).
    public var milliseconds: Double { max(0, completedAt - startedAt) * 1000 }

    /// Takes the caller's part of a frame from `engine` (number, layers, start, evaluate and
    /// flatten times) and the renderer's from `rendered`, keeping this report's storage.
    mutating func combine(engine: FrameReport, rendered: borrowing FrameReport) {
        number = engine.number
        layerCount = engine.layerCount
        startedAt = engine.startedAt
        phases = rendered.phases
        phases.evaluate = engine.phases.evaluate
        phases.flatten = engine.phases.flatten
        stats = rendered.stats
        completedAt = rendered.completedAt
        copyDamage(rendered.damage)
    }

    /// Sets `damage` to `other` in this report's own storage (a copy sharing the renderer's
    /// array would make the renderer's next frame copy it).
    mutating func copyDamage(_ other: DamageRegion) {
        damage.reset(width: Int(other.screen.width), height: Int(other.screen.height), full: other.isFull)
        damage.formUnion(other)
    }
}

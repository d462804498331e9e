/// From keyframes to the engine's animations. Each animated value becomes one
/// `CAKeyframeAnimation` that keeps Lottie's keyframes, their per-segment cubic-bezier easing
/// (`timingFunctions`) and holds, timed in the local time of the layer it is added to (a frame
/// `f` is `f / frameRate` seconds). Values the engine cannot interpolate the way Lottie does
/// (a value computed from several animated ones by a rule that is not linear, anything inside a
/// time-remapped precomp) are sampled at every frame and interpolated linearly between frames
/// (docs/lottie.md, "Timing"). A position moving along a curve is a keyframe animation along a
/// path.
import Foundation
import GLayers

/// `AVCoreAnimationBeginTimeAtZero`: a begin time of exactly 0 means "now" to Core Animation,
/// so animations that begin at a layer's time 0 are given this one instead (as AVFoundation and
/// lottie-ios do).
let beginTimeAtZero: CFTimeInterval = 1e-100

/// Any keyframed value, for combining several into one.
protocol Track {
    var isAnimated: Bool { get }
    /// The keyframes' frames.
    var times: [Double] { get }
    /// Whether each keyframe holds (does not interpolate) to the next, in order with `times`.
    var holdFlags: [Bool] { get }
    /// The keyframes' times, holds, easing and tangents, without their values.
    var timings: [Keyframe<Void>] { get }
}

extension Animated: Track {
    // Loops, not maps: these run as generic code (through `Track`), where a map's closure
    // looked the type `Keyframe<Value>` up again for every keyframe (400 instructions each, a
    // millisecond of loading a 1 MB file), and a key path such as `\.time` into a generic type
    // is instantiated on every use.
    var times: [Double] {
        var out: [Double] = []
        out.reserveCapacity(keyframes.count)
        for k in keyframes { out.append(k.time) }
        return out
    }

    var timings: [Keyframe<Void>] {
        var out: [Keyframe<Void>] = []
        out.reserveCapacity(keyframes.count)
        for k in keyframes {
            out.append(
                Keyframe(
                    time: k.time, value: (), hold: k.hold, easeOut: k.easeOut, easeIn: k.easeIn,
                    spatialOut: k.spatialOut, spatialIn: k.spatialIn))
        }
        return out
    }

    var holdFlags: [Bool] {
        var out: [Bool] = []
        out.reserveCapacity(keyframes.count)
        for k in keyframes { out.append(k.hold) }
        return out
    }
}

/// When tracks hold: their keyframes' frames and holds read once, for asking at every sampled
/// frame (asked of each track's keyframes, a generic value's, it cost a fifth of sampling).
struct Holds {
    private let tracks: [(times: [Double], holds: [Bool])]

    init(_ tracks: [any Track]) { self.tracks = tracks.map { ($0.times, $0.holdFlags) } }

    /// Whether every track holds (does not interpolate) from `frame` to its next keyframe.
    func all(at frame: Double) -> Bool {
        tracks.allSatisfy { times, holds in
            guard times.count > 1 else { return true }
            var i = times.count - 1
            while i > 0 && times[i] > frame { i -= 1 }
            return holds[i] || i == times.count - 1
        }
    }
}

/// The frames from the first keyframe to the last of any of `tracks` (0…0 for none).
func frameSpan(_ tracks: [any Track]) -> ClosedRange<Double> {
    var lower = Double.infinity, upper = -Double.infinity
    for track in tracks {
        for t in track.times {
            lower = min(lower, t)
            upper = max(upper, t)
        }
    }
    return lower <= upper ? lower...upper : 0...0
}

/// How the frames of the layers being built reach the engine's clock.
struct Timeline {
    /// Frames per second of the file.
    let frameRate: Double
    /// nil: frames are the local time of the layers' time space (`f / frameRate` seconds).
    /// Otherwise the layers' frames are reached through this map from the frames of an
    /// enclosing time space (a time-remapped precomp), whose frames in `range` are sampled.
    var remap: ((Double) -> Double)?
    var range: ClosedRange<Double>
    /// What the whole file's build may still make (shared by every timeline of the build).
    let budget: BuildBudget

    /// The engine time of frame `f` (never exactly 0: see `beginTimeAtZero`).
    func seconds(_ f: Double) -> CFTimeInterval {
        let t = f / frameRate
        return t == 0 ? beginTimeAtZero : t
    }

    /// The frames at which sampled values are taken between `start` and `end`: every whole
    /// frame, and the ends (at most `Limits.sampledFrames`).
    static func sampleFrames(from start: Double, to end: Double, including extra: [Double] = []) -> [Double] {
        guard end > start else { return [start] }
        let span = end - start
        let step = max(1, (span / Double(Limits.sampledFrames)).rounded(.up))
        var frames: [Double] = [start]
        frames.reserveCapacity(Int((span / step).rounded(.up)) + 2)
        var f = (start / step).rounded(.down) * step + step
        while f < end {
            frames.append(f)
            f += step
        }
        frames.append(end)
        let inside = extra.filter { $0 > start && $0 < end }
        guard !inside.isEmpty else { return frames }
        // In order without repeats (a set of them cost a twentieth of building a large file).
        var merged: [Double] = []
        merged.reserveCapacity(frames.count + inside.count)
        for f in (frames + inside).sorted() where merged.last != f { merged.append(f) }
        return merged
    }

    /// A value computed from `tracks` by `make(frame)`, as keyframes: when `make` is linear in
    /// the tracks and those that change share their keyframes' times, holds and easing (one
    /// track alone always does), those keyframes, the easing and holds kept exactly (as
    /// lottie-ios combines keyframes of one timing); otherwise `make` sampled at every frame of
    /// the tracks' span, holding where the changing tracks hold. Inside a remapped time space,
    /// always sampled through the map.
    func combine<R>(_ tracks: [any Track], linear: Bool, _ make: (Double) -> R) -> Animated<R> {
        let animated = tracks.filter { $0.isAnimated }
        if let remap {
            guard !animated.isEmpty else { return Animated(constant: make(0)) }
            let frames = Timeline.sampleFrames(from: range.lowerBound, to: range.upperBound)
            let holds = Holds(animated)
            return Animated(
                frames.map { f in
                    let local = remap(f)
                    return Keyframe(time: f, value: make(local), hold: holds.all(at: local))
                })
        }
        guard !animated.isEmpty else { return Animated(constant: make(0)) }
        let timings = linear ? animated.map(\.timings) : []
        if let first = timings.first,
            !timings.contains(where: { $0.dropLast().contains { $0.hasSpatialTangents && !$0.hold } }),
            timings.dropFirst().allSatisfy({ Self.sameTiming($0, first) })
        {
            return Animated(
                first.map { k in
                    Keyframe(
                        time: k.time, value: make(k.time), hold: k.hold, easeOut: k.easeOut, easeIn: k.easeIn,
                        spatialOut: nil, spatialIn: nil)
                })
        }
        let frames = Self.sampleFrames(of: animated)
        return Self.sampled(animated, at: frames, frames.map(make))
    }

    /// The frames at which values of the changing `animated` are sampled: every frame of their
    /// keyframes' span, and their keyframes' own times.
    static func sampleFrames(of animated: [any Track]) -> [Double] {
        let span = frameSpan(animated)
        return sampleFrames(from: span.lowerBound, to: span.upperBound, including: animated.flatMap { $0.times })
    }

    /// `values`, made from the changing `animated` at `frames` (`sampleFrames(of:)`), as
    /// keyframes holding where those tracks hold.
    static func sampled<R>(_ animated: [any Track], at frames: [Double], _ values: [R]) -> Animated<R> {
        let holds = Holds(animated)
        return Animated(zip(frames, values).map { f, v in Keyframe(time: f, value: v, hold: holds.all(at: f)) })
    }

    /// Whether two tracks' keyframes fall on the same frames with the same holds and easing.
    private static func sameTiming(_ a: [Keyframe<Void>], _ b: [Keyframe<Void>]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                x.time == y.time && x.hold == y.hold && x.easeOut == y.easeOut && x.easeIn == y.easeIn
            }
    }

    /// One animated value as the engine will see it: in a remapped time space, sampled through
    /// the map; a motion path (spatial tangents) that `applyPosition` does not animate along a
    /// path, sampled at every frame; otherwise as is.
    func resolve<V: LottieInterpolatable>(_ a: Animated<V>) -> Animated<V> {
        guard a.isAnimated else { return a }
        if remap != nil || a.keyframes.dropLast().contains(where: { $0.hasSpatialTangents && !$0.hold }) {
            return combine([a], linear: false) { a.value(at: $0) }
        }
        return a
    }

    /// Sets a transform's position on `layer` and, when it moves, adds the animation that moves
    /// it. A position that follows a curve (spatial tangents), or turns the layer along its way
    /// (`autoOrient`), is a keyframe animation along a path: a cubic per curved segment, a line
    /// per straight one, each keyframe's easing on its segment, `calculationMode` linear (the
    /// eased progress is the curve's parameter) and `rotationMode` auto when it turns, as
    /// lottie-ios animates positions. Sampled instead in a remapped time space or with holds.
    func applyPosition(_ value: Animated<[Double]>, on layer: CALayer, autoOrient: Bool) {
        func point(_ v: [Double]) -> CGPoint { CGPoint(x: v[0], y: v.count > 1 ? v[1] : 0) }
        let keyframes = value.keyframes
        let t0 = keyframes[0].time, tN = keyframes[keyframes.count - 1].time
        let segments = keyframes.dropLast()
        guard remap == nil, tN > t0, autoOrient || segments.contains(where: { $0.hasSpatialTangents }),
            !segments.contains(where: { $0.hold })
        else { return apply(value, "position", on: layer, set: { layer.position = $0 }) { point($0) } }
        let path = CGMutablePath()
        path.move(to: point(keyframes[0].value))
        var keyTimes = [0.0]
        var functions: [CAMediaTimingFunction] = []
        keyTimes.reserveCapacity(keyframes.count)
        functions.reserveCapacity(keyframes.count - 1)
        let linear = Self.linear
        for (a, b) in zip(keyframes, keyframes.dropFirst()) {
            let p0 = point(a.value), p3 = point(b.value)
            if a.hasSpatialTangents {
                let out = a.spatialOut ?? .zero, into = a.spatialIn ?? .zero
                path.addCurve(
                    to: p3, control1: CGPoint(x: p0.x + out.x, y: p0.y + out.y),
                    control2: CGPoint(x: p3.x + into.x, y: p3.y + into.y))
            } else {
                path.addLine(to: p3)
            }
            keyTimes.append((b.time - t0) / (tN - t0))
            functions.append(a.isLinear ? linear : a.timingFunction)
        }
        layer.position = point(keyframes[0].value)
        let animation = keyframeAnimation("position", from: t0, to: tN)
        animation.path = path
        animation.keyTimeValues = keyTimes
        animation.timingFunctions = functions
        if autoOrient { animation.rotationMode = .rotateAuto }
        layer.addUncopied(animation, forKey: "position")
    }

    /// Sets `keyPath` of `layer` to the value's start and, when it changes, adds the animation
    /// that plays it (`convert` makes the engine's value). For key paths into a property
    /// (`transform.rotation.z`); a property itself is set through `set`.
    func apply<V: LottieInterpolatable>(
        _ value: Animated<V>, _ keyPath: String, on layer: CALayer, _ convert: (V) -> Any
    ) {
        applyResolved(resolve(value), keyPath, on: layer, convert: convert)
    }

    /// `apply` with the start given to `set`, the layer's own property (`layer.opacity = …`):
    /// key-value coding would look the key up and convert the value from `Any` for every value
    /// a file sets (a fifteenth of building one).
    func apply<V: LottieInterpolatable, T>(
        _ value: Animated<V>, _ keyPath: String, on layer: CALayer, set: (T) -> Void, _ convert: (V) -> T
    ) {
        applyResolved(resolve(value), keyPath, on: layer, set: set, convert: convert)
    }

    /// `apply` for keyframes already resolved (made by `combine`, or by `resolve` itself: resolving
    /// them again would map a remapped time space's frames twice) or values that do not
    /// interpolate.
    func applyResolved<V>(_ value: Animated<V>, _ keyPath: String, on layer: CALayer, convert: (V) -> Any) {
        // Not through the typed variant: its generic `T` as `Any` would box each value once
        // more, and key-value coding reads a value's own type.
        layer.setValue(convert(value.initial), forKeyPath: keyPath)
        guard value.isAnimated, let animation = keyframeAnimation(value, keyPath, convert) else { return }
        layer.addUncopied(animation, forKey: keyPath)
    }

    /// `apply` for a component of a transform (`transform.scale.x`, `transform.rotation.z`, …):
    /// while keyframes animate it, the model keeps its value (as lottie-ios leaves a keyframed
    /// property's model alone); a constant, or keyframes on one frame, set it. A key-path
    /// animation replaces its component of the model's decomposition, so a model flipped by
    /// the first keyframe (a scale of −100 % in x and y is a half turn) would turn the flipped
    /// animation back.
    func applyToPresentation<V: LottieInterpolatable>(
        _ value: Animated<V>, _ keyPath: String, on layer: CALayer, _ convert: (V) -> Any
    ) {
        let resolved = resolve(value)
        if resolved.isAnimated, let animation = keyframeAnimation(resolved, keyPath, convert) {
            layer.addUncopied(animation, forKey: keyPath)
        } else {
            layer.setValue(convert(resolved.initial), forKeyPath: keyPath)
        }
    }

    /// `applyResolved` with the start given to `set`, as `apply(_:_:on:set:_:)`.
    func applyResolved<V, T>(
        _ value: Animated<V>, _ keyPath: String, on layer: CALayer, set: (T) -> Void, convert: (V) -> T
    ) {
        set(convert(value.initial))
        guard value.isAnimated, let animation = keyframeAnimation(value, keyPath, convert) else { return }
        layer.addUncopied(animation, forKey: keyPath)
    }

    /// The keyframe animation of `value` (nil when its keyframes all fall on one frame: the
    /// last value then holds from the start, set as the model value).
    func keyframeAnimation<V>(_ value: Animated<V>, _ keyPath: String, _ convert: (V) -> Any) -> CAKeyframeAnimation? {
        let keyframes = value.keyframes
        let t0 = keyframes[0].time, tN = keyframes[keyframes.count - 1].time
        guard tN > t0 else { return nil }
        let animation = keyframeAnimation(keyPath, from: t0, to: tN)
        func fraction(_ t: Double) -> Double { (t - t0) / (tN - t0) }
        // Room for every keyframe and a hold's repeated one: growing them was two or three
        // allocations an animation, of a file's largest number of them (docs/performance.md).
        let room = 2 * keyframes.count
        var values: [Any] = []
        var keyTimes: [Double] = []
        values.reserveCapacity(room)
        keyTimes.reserveCapacity(room)
        if keyframes.dropLast().allSatisfy({ $0.hold }) {
            animation.calculationMode = .discrete
            for k in keyframes {
                values.append(convert(k.value))
                keyTimes.append(fraction(k.time))
            }
        } else {
            var functions: [CAMediaTimingFunction] = []
            functions.reserveCapacity(room)
            let linear = Self.linear
            for (i, k) in keyframes.enumerated() {
                let v = convert(k.value)
                values.append(v)
                keyTimes.append(fraction(k.time))
                guard i + 1 < keyframes.count else { break }
                if k.hold {
                    // Held until the next keyframe, then a jump (a segment of no length).
                    functions.append(linear)
                    values.append(v)
                    keyTimes.append(fraction(keyframes[i + 1].time))
                    functions.append(linear)
                } else {
                    functions.append(k.isLinear ? linear : k.timingFunction)
                }
            }
            animation.timingFunctions = functions
        }
        animation.values = values
        animation.keyTimeValues = keyTimes
        return animation
    }

    /// The linear timing function of every segment that is not eased: one, shared (timing
    /// functions do not change).
    private static let linear = CAMediaTimingFunction(name: .linear)

    /// A keyframe animation of `keyPath` from frame `t0` to `tN`, holding its ends before and
    /// after, as every keyframed value of a Lottie layer plays.
    private func keyframeAnimation(_ keyPath: String, from t0: Double, to tN: Double) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.beginTime = seconds(t0)
        animation.duration = (tN - t0) / frameRate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }
}

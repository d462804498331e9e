/// What must hold after any input, whatever it was: the checks the fuzz targets run after each
/// step. A broken invariant stops the process with a message (a crash to libFuzzer, which
/// keeps the input), like any other crash.
import Foundation
import GLayers
import GLayersJSON
import GLayersRenderList

/// Checks shared by the fuzz targets.
public enum Invariants {
    /// Stops the process with `message` when `condition` is false.
    public static func require(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        if !condition() { fatalError("fuzz invariant broken: \(message())", file: file, line: line) }
    }

    /// The lines of `bytes`, ended by LF, CR LF or a lone CR, as the JSON reader counts them.
    public static func lineCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        var lines = 1
        for (i, b) in bytes.enumerated()
        where b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
            lines += 1
        }
        return lines
    }

    /// `position` (of an error or a warning about `what`) is a line and column inside `bytes`.
    public static func requireInside(_ position: SourcePosition, _ bytes: UnsafeRawBufferPointer, _ what: String) {
        require(
            position.line >= 1 && position.line <= lineCount(bytes) && position.column >= 1
                && position.column <= bytes.count + 1,
            "\(what) is at \(position.line):\(position.column), outside the input")
    }

    /// The tree under `root` is consistent: every sublayer's superlayer is its parent, every
    /// mask's superlayer is nil, no layer appears twice (no cycles), and it is at most
    /// `maximumLayers` layers (so a walk of it ends).
    public static func checkTree(_ root: CALayer, maximumLayers: Int = 100_000) {
        var seen = Set<ObjectIdentifier>()
        var stack: [(layer: CALayer, parent: CALayer?)] = [(root, root.superlayer)]
        while let (layer, parent) = stack.popLast() {
            require(seen.insert(ObjectIdentifier(layer)).inserted, "a layer appears twice under \(root): a cycle")
            require(seen.count <= maximumLayers, "more than \(maximumLayers) layers under the root")
            require(layer.superlayer === parent, "\(layer)'s superlayer is not the layer that lists it")
            if let mask = layer.mask {
                require(mask !== layer, "\(layer) is its own mask")
                require(mask.superlayer == nil, "the mask \(mask) has a superlayer")
                stack.append((mask, nil))
            }
            for sublayer in layer.sublayers ?? [] { stack.append((sublayer, layer)) }
        }
    }

    /// `list` is well formed for the renderer: a screen pass first, item ranges inside the
    /// items, clips and filter chains referred to by index exist, passes referred to exist.
    public static func checkRenderList(_ list: RenderList) {
        require(!list.passes.isEmpty, "a render list with no passes")
        require(list.passes[0].screenSpace, "pass 0 is not the screen")
        require(
            list.pixelWidth > 0 && list.pixelHeight > 0,
            "a render list of \(list.pixelWidth) × \(list.pixelHeight) pixels")
        let passCount = list.passes.count
        for (index, pass) in list.passes.enumerated() {
            let range = pass.itemRange
            require(
                range.lowerBound >= 0 && range.upperBound <= list.items.count,
                "pass \(index)'s items \(range) are outside the list")
            for dependency in pass.dependencies {
                require(
                    dependency.index > 0 && Int(dependency.index) < passCount,
                    "pass \(index) depends on missing \(dependency)")
            }
            if let mask = pass.effects.mask {
                require(Int(mask.index) < passCount, "pass \(index) is masked by missing \(mask)")
            }
            if let before = pass.effects.transition?.before {
                require(Int(before.index) < passCount, "pass \(index)'s transition starts from missing \(before)")
            }
        }
        for (index, clip) in list.clips.enumerated() {
            require(clip.parent < Int32(index), "clip \(index)'s parent \(clip.parent) does not come before it")
        }
        for (index, item) in list.items.enumerated() {
            require(
                item.clip >= -1 && item.clip < Int32(list.clips.count), "item \(index)'s clip \(item.clip) is missing")
            require(
                item.backdropFilters >= -1 && item.backdropFilters < Int32(list.filterChains.count),
                "item \(index)'s backdrop filter chain \(item.backdropFilters) is missing")
            switch item.content {
            case .image(let id, _):
                require(list.images[id] != nil, "item \(index) draws image \(id), which the list lacks")
            case .crossfade(let from, let to, _, _):
                require(list.images[from] != nil && list.images[to] != nil, "item \(index) cross-fades a missing image")
            case .trimmedStroke(let id, let lengths, _, _):
                require(
                    list.images[id] != nil && list.images[lengths] != nil, "item \(index) trims a missing stroke image")
            case .pass(let id): require(id.index > 0 && Int(id.index) < passCount, "item \(index) draws missing \(id)")
            case .none, .blurredShape: break
            }
        }
        let order = list.renderOrder()
        require(order.count <= passCount, "the render order lists \(order.count) passes of \(passCount)")
    }

    /// Every layer in `layers` is gone once `owner` (which held the last references) is: a
    /// layer still alive is held by a retain cycle (a leak that LeakSanitizer would report too,
    /// but only by scanning the whole heap).
    public static func requireReleased(_ layers: [Weak<CALayer>], _ owner: String) {
        for (i, layer) in layers.enumerated() {
            require(layer.object == nil, "layer \(i) outlives \(owner): a retain cycle keeps it")
        }
    }

    /// Whether every entry of `m` is finite.
    public static func isFinite(_ m: Matrix4) -> Bool {
        (0..<16).allSatisfy { m.m[$0].isFinite }
    }
}

/// A weak reference, to see whether an object is still alive.
public struct Weak<Object: AnyObject> {
    /// The object, while something else keeps it.
    public weak var object: Object?
    /// A weak reference to `object`.
    public init(_ object: Object) { self.object = object }
}

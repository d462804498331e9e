/// Reading Bodymovin's values: numbers, vectors, colours, Bézier shapes, and the animatable
/// property object around any of them (`{"a": 1, "k": [keyframes]}` or `{"a": 0, "k": value}`),
/// with the file, line, column and JSON path of whatever is wrong.
import Foundation
import GLayersJSON

/// A JSON value of the document being decoded (its path is worked out only when named).
struct Node {
    let value: JSONValue
    /// The node of the top of the document, on the value's tape: the value's path is worked
    /// out from there, only when an error or a note names it (`JSONValue.path(to:)`).
    private let root: Int

    /// The node at the top of `root`.
    init(root: JSONValue) {
        value = root
        self.root = root.index
    }

    private init(value: JSONValue, root: Int) {
        self.value = value
        self.root = root
    }

    /// Where the value is in the document (`layers[3].ks.p`).
    var path: JSONPath { JSONValue(tape: value.tape, index: root).path(to: value) ?? JSONPath() }

    /// The member `key`, when the value is an object that has it (and it is not null).
    subscript(key: String) -> Node? {
        guard let v = value[key], !v.isNull else { return nil }
        return Node(value: v, root: root)
    }

    /// The elements, when the value is an array.
    var elements: [Node]? {
        guard value.isArray else { return nil }
        return value.elements.map { Node(value: $0, root: root) }
    }

    /// The node of `value`, one of this node's elements or members.
    func child(_ value: JSONValue) -> Node { Node(value: value, root: root) }
}

extension LottieDecoder {
    /// An error at `node`.
    func fail(_ message: String, _ node: Node) -> LottieError {
        LottieError(file: file, position: node.value.position, path: node.path, message: message)
    }

    /// A finite number.
    func number(_ node: Node) throws -> Double {
        if let n = node.value.number { return n }
        if let b = node.value.bool { return b ? 1 : 0 }
        throw fail("expected a number, found \(node.value.typeDescription)", node)
    }

    /// A number read as an integer (a type, a mode, an index): its whole part, refused outside
    /// ±2³¹ (converting a larger one to `Int` would trap).
    func integer(_ node: Node) throws -> Int {
        let n = try number(node)
        guard abs(n) < 2_147_483_648 else {
            throw fail("expected an integer from -2147483647 to 2147483647, found \(n)", node)
        }
        return Int(n)
    }

    /// The integer at `key`, or `defaultValue` when there is none.
    func integer(_ node: Node, _ key: String, default defaultValue: Int) throws -> Int {
        guard let n = node[key] else { return defaultValue }
        return try integer(n)
    }

    /// The number at `key`, or `defaultValue` when there is none.
    func number(_ node: Node, _ key: String, default defaultValue: Double) throws -> Double {
        guard let n = node[key] else { return defaultValue }
        return try number(n)
    }

    /// An array of numbers (a single number counts as an array of one).
    func numbers(_ node: Node) throws -> [Double] {
        if let n = node.value.number { return [n] }
        if let numbers = node.value.numberElements(maximumCount: Limits.vectorLength) { return numbers }
        let items = try elements(of: node, atMost: Limits.vectorLength, expected: "a number or an array of numbers") {
            "an array of \($0) numbers (at most \(Limits.vectorLength))"
        }
        // The elements read as they are; a node with its path only for one that is not a number
        // (the path is for the error; the numbers of a file's keyframes and vertices are most
        // of its values).
        var out: [Double] = []
        out.reserveCapacity(items.count)
        for item in items {
            out.append(try item.number ?? number(node.child(item)))
        }
        return out
    }

    /// The elements of the array at `node`, refused when it is not an array (`expected` says
    /// what was) or holds more than `limit` (`tooMany` says so of a count).
    private func elements(
        of node: Node, atMost limit: Int, expected: String, tooMany: (Int) -> String
    ) throws -> JSONValue.Elements {
        guard node.value.isArray else { throw fail("expected \(expected), found \(node.value.typeDescription)", node) }
        let items = node.value.elements
        if items.count > limit { throw fail(tooMany(items.count), node) }
        return items
    }

    /// A scalar: a number, or the first of an array of numbers.
    func scalar(_ node: Node) throws -> Double {
        // A number, or the first of an array of numbers, read without making the array (each
        // keyframe's easing is four of them).
        if let n = node.value.number ?? node.value.firstNumber(maximumCount: Limits.vectorLength) { return n }
        let values = try numbers(node)
        guard let first = values.first else { throw fail("expected a number, found an empty array", node) }
        return first
    }

    /// A Bézier shape `{"i": [...], "o": [...], "v": [...], "c": bool}`, or an array holding one
    /// (keyframes hold their shape in an array).
    func shape(_ node: Node) throws -> BezierShape {
        if node.value.isArray {
            guard let first = node.value.elements.first else {
                throw fail("expected a shape, found an empty array", node)
            }
            return try shape(node.child(first))
        }
        guard node.value.isObject else {
            throw fail("expected a shape object with \"v\", \"i\" and \"o\", found \(node.value.typeDescription)", node)
        }
        func points(_ key: String) throws -> [CGPoint] {
            guard let list = node[key] else { return [] }
            let items = try elements(of: list, atMost: Limits.pathPoints, expected: "an array of points") {
                "a shape of \($0) points (at most \(Limits.pathPoints))"
            }
            var out: [CGPoint] = []
            out.reserveCapacity(items.count)
            for item in items {
                // A point of numbers is read in place: a node and an array of numbers for each
                // of a file's vertices were a fifth of decoding it. Anything else goes through
                // `numbers`, which names what is wrong.
                if let (x, y) = item.numberPair(maximumCount: Limits.vectorLength) {
                    out.append(CGPoint(x: x, y: y))
                    continue
                }
                let p = list.child(item)
                let xy = try numbers(p)
                guard xy.count >= 2 else { throw fail("expected a point [x, y]", p) }
                out.append(CGPoint(x: xy[0], y: xy[1]))
            }
            return out
        }
        let vertices = try points("v")
        var inTangents = try points("i")
        var outTangents = try points("o")
        // Missing or short tangent lists mean straight corners.
        inTangents += Array(repeating: .zero, count: max(0, vertices.count - inTangents.count))
        outTangents += Array(repeating: .zero, count: max(0, vertices.count - outTangents.count))
        let closed = node["c"]?.value.bool ?? false
        return BezierShape(
            vertices: vertices, inTangents: Array(inTangents.prefix(vertices.count)),
            outTangents: Array(outTangents.prefix(vertices.count)), closed: closed)
    }

    /// An animatable property: `{"a": 0|1, "k": value or keyframes, "x": expression}`.
    /// `decode` reads one value. Keyframes in the old form (`e` on a keyframe for its end value,
    /// a last keyframe with only `t`) are read too. A keyframe's spatial tangents (`to`, `ti`)
    /// are kept when `spatial` (a transform's position, which moves along a path); other
    /// values move straight between keyframes, as lottie-ios animates them (docs/lottie.md,
    /// "Timing").
    func animated<V>(_ node: Node, spatial: Bool = false, _ decode: (Node) throws -> V) throws -> Animated<V> {
        guard node.value.isObject else {
            // A bare value where a property is expected (some exporters write them).
            return Animated(constant: try decode(node))
        }
        if node["x"] != nil { report.note("expressions", at: node.value, node.path) }
        guard let k = node["k"] else { throw fail("an animatable property without \"k\"", node) }
        // Nodes are made for keyframes only, one at a time (an array of nodes was made for every
        // array under "k", static vectors such as `[0, 0]` included).
        let list = k.value.elements
        guard let first = list.first, first["t"] != nil, first.isObject else {
            return Animated(constant: try decode(k))
        }
        if list.count > Limits.keyframes {
            throw fail("\(list.count) keyframes (at most \(Limits.keyframes))", k)
        }
        var keyframes: [Keyframe<V>] = []
        keyframes.reserveCapacity(list.count)
        var pendingEnd: V?
        for raw in list {
            let item = k.child(raw)
            // The keyframe's members in one pass (looked up one by one, they were a tenth of
            // decoding a file).
            var t: Node?, s: Node?, h: Node?, o: Node?, i: Node?, to: Node?, ti: Node?, e: Node?
            raw.forEachMember(among: Self.keyframeKeys) { place, value in
                let node = item.child(value)
                switch place {
                case 0: t = node
                case 1: s = node
                case 2: h = node
                case 3: o = node
                case 4: i = node
                case 5: to = node
                case 6: ti = node
                default: e = node
                }
            }
            guard item.value.isObject, let t else {
                throw fail("expected a keyframe object with \"t\", found \(item.value.typeDescription)", item)
            }
            let time = try number(t)
            let value: V
            if let s {
                value = try decode(s)
            } else if let end = pendingEnd {
                value = end
            } else if let last = keyframes.last {
                value = last.value
            } else {
                throw fail("the first keyframe has no value (\"s\")", item)
            }
            if let last = keyframes.last, time < last.time {
                throw fail("keyframe times go backwards (\(time) after \(last.time))", t)
            }
            var keyframe = Keyframe(time: time, value: value)
            keyframe.hold = (try h.map { try number($0) } ?? 0) == 1
            if let o { keyframe.easeOut = try easePoint(o) }
            if let i { keyframe.easeIn = try easePoint(i) }
            if spatial, let to { keyframe.spatialOut = try point(to) }
            if spatial, let ti { keyframe.spatialIn = try point(ti) }
            pendingEnd = try e.map(decode)
            keyframes.append(keyframe)
        }
        if let end = pendingEnd, let last = keyframes.last, list.count > 1 || keyframes.count == 1 {
            // An old-form file whose last keyframe still carries an end: it ends at its own time.
            if keyframes.count == 1 { keyframes.append(Keyframe(time: last.time, value: end)) }
        }
        return Animated(keyframes)
    }

    /// A keyframe's keys, in the order of `animated`'s switch.
    private static let keyframeKeys = JSONShortKeys(["t", "s", "h", "o", "i", "to", "ti", "e"])

    /// An easing control point `{"x": n or [n...], "y": n or [n...]}`: the first dimension's
    /// numbers, as lottie-ios reads them (a per-dimension easing keeps only its first).
    private func easePoint(_ node: Node) throws -> CGPoint {
        let x = try node["x"].map(scalar) ?? 0
        let y = try node["y"].map(scalar) ?? 0
        return CGPoint(x: x, y: y)
    }

    /// A point `[x, y]` (further numbers ignored).
    func point(_ node: Node) throws -> CGPoint {
        if let (x, y) = node.value.numberPair(maximumCount: Limits.vectorLength) { return CGPoint(x: x, y: y) }
        let xy = try numbers(node)
        return CGPoint(x: xy.first ?? 0, y: xy.count > 1 ? xy[1] : 0)
    }

    /// An optional animatable scalar at `key`.
    func scalarProperty(_ node: Node, _ key: String) throws -> Animated<Double>? {
        try node[key].map { try animated($0, scalar) }
    }

    /// An animatable scalar at `key`, `defaultValue` when absent.
    func scalarProperty(_ node: Node, _ key: String, default defaultValue: Double) throws -> Animated<Double> {
        try scalarProperty(node, key) ?? Animated(constant: defaultValue)
    }

    /// An animatable vector at `key`, `defaultValue` when absent (`spatial`: as `animated`).
    func vectorProperty(
        _ node: Node, _ key: String, default defaultValue: [Double], spatial: Bool = false
    ) throws -> Animated<[Double]> {
        guard let n = node[key] else { return Animated(constant: defaultValue) }
        return try animated(n, spatial: spatial) { v in
            var values = try numbers(v)
            if values.count < defaultValue.count {
                values += defaultValue[values.count...]
            }
            return values
        }
    }

    /// An animatable colour at `key`: `[r, g, b]` or `[r, g, b, a]` in 0…1 (0…255 in some
    /// exporters: a component above 1 means that scale).
    func colorProperty(_ node: Node, _ key: String) throws -> Animated<[Double]> {
        guard let n = node[key] else { return Animated(constant: [0, 0, 0, 1]) }
        return try animated(n) { v in
            var c = try numbers(v)
            while c.count < 3 { c.append(0) }
            if c.count < 4 { c.append(1) }
            if c[0...2].contains(where: { $0 > 1 }) { c = c.map { $0 / 255 } }
            return Array(c.prefix(4)).map { min(max($0, 0), 1) }
        }
    }
}

/// The limits a Lottie file must stay within (docs/lottie.md, "Limits").
enum Limits {
    /// Numbers in one vector (gradient stop lists are the longest).
    static let vectorLength = 4096
    /// Keyframes of one property.
    static let keyframes = 100_000
    /// Vertices of one shape.
    static let pathPoints = 100_000
    /// Layers in one file, counting every composition's layers once.
    static let layers = 20_000
    /// Shape items in one file.
    static let shapeItems = 200_000
    /// Precomps inside precomps.
    static let precompDepth = 32
    /// Layers made when building (precomps used several times are built each time).
    static let builtLayers = 100_000
    /// Copies of one repeater.
    static let repeaterCopies = 1000
    /// Frames sampled for one value the engine cannot interpolate itself (time remapping,
    /// motion paths, trims that wrap).
    static let sampledFrames = 10_000
}

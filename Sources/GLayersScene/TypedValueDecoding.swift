/// Decoding a JSON value into the engine value a property expects (`CGPoint`, `CGColor`,
/// `CATransform3D`, …), by the property's `PropertyType`. Layer properties, `set` actions,
/// bindings and animation values (`fromValue`, keyframe `values`) all go through here.
import Foundation
import GLayers
import GLayersJSON
import GLayersLottie

/// A decoded value: `.some(nil)` is JSON `null` where the type allows it.
typealias DecodedValue = Any?

extension DecodeContext {
    /// `node` decoded as `type`; nil when invalid (reported).
    func value(_ node: JSONValue, _ path: JSONPath, as type: PropertyType) -> DecodedValue? {
        if node.isNull {
            guard type.allowsNull else {
                expected(describe(type), node, path)
                return nil
            }
            return .some(nil)
        }
        switch type {
        case .number(let angle): return wrap(number(node, path, angle: angle))
        case .bool: return wrap(bool(node, path))
        case .point: return wrap(point(node, path))
        case .size: return wrap(size(node, path))
        case .rect: return wrap(rect(node, path))
        case .transform: return wrap(transform(node, path))
        case .color: return wrap(color(node, path))
        case .path: return wrap(self.path(node, path))
        case .string:
            guard let s = string(node, path) else { return nil }
            guard s.utf16.count <= EngineLimits.maximumTextLength else {
                fail(
                    "a string of \(s.utf16.count) UTF-16 code units is over the limit (\(EngineLimits.maximumTextLength))",
                    node, path)
                return nil
            }
            return wrap(s)
        case .duration: return wrap(duration(node, path, allowInfinity: true))
        case .repeatCount: return wrap(repeatCount(node, path))
        case .numbers: return wrap(numbers(node, path, what: "an array of numbers"))
        case .name(let list): return wrap(name(node, path, among: list, what: "value"))
        case .image:
            guard let s = string(node, path) else { return nil }
            return wrap(image(s, node, path))
        case .colors:
            guard let a = node.array else {
                expected("an array of colours", node, path)
                return nil
            }
            let colors = a.enumerated().compactMap { color($0.element, path.index($0.offset)) }
            return colors.count == a.count ? wrap(colors) : nil
        case .options(let table): return wrap(options(node, path, table).map { Int($0) })
        case .blendMode: return wrap(blendMode(node, path))
        case .vector3: return wrap(numbers(node, path, count: 3, what: "a vector [x, y, z]"))
        case .count:
            guard let n = integer(node, path) else { return nil }
            guard (0...PropertyTypes.maximumCount).contains(n) else {
                fail("expected an integer from 0 to \(PropertyTypes.maximumCount), got \(n)", node, path)
                return nil
            }
            return .some(CGFloat(n))
        }
    }

    /// A decoded value, or nil (a failure) when `v` is nil.
    private func wrap<T>(_ v: T?) -> DecodedValue? {
        guard let v else { return nil }
        return .some(v)
    }

    /// What `type` looks like in a scene, for messages.
    func describe(_ type: PropertyType) -> String {
        switch type {
        case .number(let angle): return angle ? "an angle" : "a number"
        case .bool: return "true or false"
        case .point: return "a point [x, y]"
        case .size: return "a size [width, height]"
        case .rect: return "a rectangle [x, y, width, height]"
        case .transform: return "a transform"
        case .color: return "a colour"
        case .image: return "an image path"
        case .path: return "a path"
        case .numbers: return "an array of numbers"
        case .colors: return "an array of colours"
        case .string: return "a string"
        case .duration: return "a number of seconds ≥ 0"
        case .repeatCount: return "a number ≥ 0 or \"infinity\""
        case .name(let list): return "one of: \(list.joined(separator: ", "))"
        case .options: return "a list of names"
        case .blendMode: return "a blend mode name"
        case .vector3: return "a vector [x, y, z]"
        case .count: return "an integer from 0 to \(PropertyTypes.maximumCount)"
        }
    }

    /// A list of option names, combined into the option set's raw value.
    private func options(_ node: JSONValue, _ path: JSONPath, _ table: [String: UInt32]) -> UInt32? {
        let known = table.sorted { $0.value < $1.value }.map(\.key)
        guard let a = node.array else {
            expected("a list of names (\(known.joined(separator: ", ")))", node, path)
            return nil
        }
        var raw: UInt32 = 0
        var ok = true
        for (i, e) in a.enumerated() {
            guard let n = name(e, path.index(i), among: known, what: "option") else {
                ok = false
                continue
            }
            raw |= table[n] ?? 0
        }
        return ok ? raw : nil
    }

    /// A blend mode for `compositingFilter`: a Core Image name (`"CIMultiplyBlendMode"`) or
    /// Core Animation's short name (`"multiplyBlendMode"`).
    private func blendMode(_ node: JSONValue, _ path: JSONPath) -> String? {
        guard let s = string(node, path) else { return nil }
        guard let kind = FilterKind(filterName: s), kind.isBlendMode else {
            let modes = FilterKind.allCases.filter(\.isBlendMode).map(\.rawValue)
            let hint = Suggestions.closest(to: s, among: modes).map { "did you mean \"\($0)\"? " } ?? ""
            fail("unknown blend mode \"\(s)\"; \(hint)expected one of: \(modes.joined(separator: ", "))", node, path)
            return nil
        }
        return kind.rawValue
    }
}

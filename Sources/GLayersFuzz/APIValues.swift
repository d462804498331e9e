/// Values for the `api` target: numbers, geometry, transforms, colours, paths, images and
/// arrays of them, of the kind a property expects or of a wrong kind on purpose, each number
/// ordinary, huge or not finite as the input says (the program remembers the worst it used).
import Foundation
import GLayers

/// The values an `APIProgram` passes to the API.
struct APIValues {
    /// A 2 × 2 image, half transparent, for `contents`.
    static let image = try? CGImage(
        width: 2, height: 2, straightRGBA: [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 9, 9, 9, 255])

    /// The largest kind of number handed out so far.
    private(set) var worst = NumberKind.ordinary

    /// A number from `input`.
    mutating func number(_ input: inout FuzzInput) -> CGFloat {
        let (v, kind) = input.number()
        worst = max(worst, kind)
        return CGFloat(v)
    }

    /// A number that is ordinary: a duration, a count.
    mutating func ordinary(_ input: inout FuzzInput, limit: CGFloat = 8) -> CGFloat {
        let v = number(&input)
        return v.isFinite ? max(-limit, min(limit, v)) : v
    }

    mutating func point(_ input: inout FuzzInput) -> CGPoint { CGPoint(x: number(&input), y: number(&input)) }
    mutating func size(_ input: inout FuzzInput) -> CGSize { CGSize(width: number(&input), height: number(&input)) }
    mutating func rect(_ input: inout FuzzInput) -> CGRect { CGRect(origin: point(&input), size: size(&input)) }

    mutating func transform(_ input: inout FuzzInput) -> CATransform3D {
        switch input.below(6) {
        case 0: return CATransform3DMakeRotation(number(&input), number(&input), number(&input), number(&input))
        case 1: return CATransform3DMakeScale(number(&input), number(&input), number(&input))
        case 2: return CATransform3DMakeTranslation(number(&input), number(&input), number(&input))
        case 3:
            var t = CATransform3DIdentity
            let distance = number(&input)
            t.m34 = distance == 0 ? 0 : -1 / distance
            return CATransform3DRotate(t, number(&input), 0, 1, 0)
        case 4: return CATransform3D(entries: (0..<16).map { _ in number(&input) }) ?? CATransform3DIdentity
        default: return CATransform3DIdentity
        }
    }

    mutating func color(_ input: inout FuzzInput) -> CGColor {
        if input.bool() { return input.pick([CGColor.black, CGColor.white, CGColor.clear]) }
        return CGColor(red: number(&input), green: number(&input), blue: number(&input), alpha: number(&input))
    }

    mutating func path(_ input: inout FuzzInput) -> CGPath {
        let path = CGMutablePath()
        for _ in 0..<input.below(6) {
            switch input.below(7) {
            case 0: path.move(to: point(&input))
            case 1: path.addLine(to: point(&input))
            case 2: path.addQuadCurve(to: point(&input), control: point(&input))
            case 3: path.addCurve(to: point(&input), control1: point(&input), control2: point(&input))
            case 4: path.addEllipse(in: rect(&input))
            case 5:
                path.addArc(
                    center: point(&input), radius: number(&input), startAngle: number(&input), endAngle: number(&input),
                    clockwise: input.bool())
            default: path.closeSubpath()
            }
        }
        return path
    }

    /// A value of `kind`, as the API takes it (numbers in any of Swift's types or NSNumber).
    mutating func value(of kind: ValueKind, _ input: inout FuzzInput) -> Any? {
        switch kind {
        case .number:
            let v = number(&input)
            return input.pick([
                { v }, { Double(v) }, { Float(v) }, { NSNumber(value: Double(v)) },
                { v.isFinite && abs(v) < 1e15 ? Int(v) : 0 },
            ])()
        case .bool: return input.bool()
        case .point: return point(&input)
        case .size: return size(&input)
        case .rect: return rect(&input)
        case .transform: return transform(&input)
        case .color: return color(&input)
        case .image: return input.bool() ? Self.image : nil
        case .path: return path(&input)
        case .numbers: return (0..<input.below(5)).map { _ in NSNumber(value: Double(number(&input))) }
        case .colors: return (0..<input.below(5)).map { _ in color(&input) }
        case .object: return input.pick(["linear", "resize", "center", "fade", "kCAFillRuleEvenOdd", ""])
        }
    }

    /// A value for `kind`, or now and then one of another kind, a string or nil.
    mutating func anyValue(for kind: ValueKind, _ input: inout FuzzInput) -> Any? {
        switch input.below(8) {
        case 0: return value(of: input.pick(APIValues.kinds), &input)
        case 1: return input.pick([nil, "text", [1, 2] as [Int], NSNull()] as [Any?])
        default: return value(of: kind, &input)
        }
    }

    static let kinds: [ValueKind] = [
        .number, .point, .size, .rect, .transform, .color, .image, .path, .bool, .numbers, .colors, .object,
    ]
}

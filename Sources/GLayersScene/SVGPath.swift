/// SVG path data (`"M 74 74 C 74 500 320 500 320 74 Z"`) to `CGPath`: the commands M, L, H, V,
/// C, S, Q, T, A and Z, absolute (upper case) and relative (lower case), with SVG's implicit
/// repetition (extra pairs after M are lines) and its compact number syntax (`10-5`, `.5.5`).
/// Elliptical arcs become cubic Béziers of at most 90° each.
import Foundation
import GLayers

/// A reason SVG path data was refused, with the character offset (0-based) where it happened.
struct SVGPathError: Error {
    let offset: Int
    let message: String
}

/// Parses SVG path data.
struct SVGPathParser {
    private let chars: [Character]
    private var i = 0
    private let path = CGMutablePath()
    private var current = CGPoint.zero
    private var subpathStart = CGPoint.zero
    /// The last control point of a C/S (for S) or Q/T (for T) command, with its kind.
    private var lastCubicControl: CGPoint?
    private var lastQuadControl: CGPoint?

    /// The path described by `data`.
    static func parse(_ data: String) throws -> CGPath {
        var p = SVGPathParser(chars: Array(data))
        try p.run()
        return p.path
    }

    private init(chars: [Character]) { self.chars = chars }

    private mutating func run() throws {
        skipSeparators()
        guard i < chars.count else { throw SVGPathError(offset: 0, message: "the path is empty") }
        guard chars[i] == "M" || chars[i] == "m" else {
            throw SVGPathError(offset: i, message: "a path must start with M (moveto)")
        }
        while i < chars.count {
            let command = chars[i]
            let at = i
            guard "MmLlHhVvCcSsQqTtAaZz".contains(command) else {
                throw SVGPathError(
                    offset: i, message: "unknown path command '\(command)' (expected one of M L H V C S Q T A Z)")
            }
            i += 1
            try perform(command, at: at)
            skipSeparators()
        }
    }

    /// Runs `command` once, then again while numbers follow (SVG's implicit repetition).
    private mutating func perform(_ command: Character, at: Int) throws {
        let relative = command.isLowercase
        let upper = Character(command.uppercased())
        if upper == "Z" {
            path.closeSubpath()
            current = subpathStart
            lastCubicControl = nil
            lastQuadControl = nil
            return
        }
        var first = true
        repeat {
            try step(upper, relative: relative, first: first, commandAt: at)
            first = false
            skipSeparators()
        } while i < chars.count && startsNumber(chars[i])
    }

    private mutating func step(_ c: Character, relative: Bool, first: Bool, commandAt: Int) throws {
        let base = relative ? current : .zero
        func pt() throws -> CGPoint {
            let x = try number(), y = try number()
            return CGPoint(x: base.x + x, y: base.y + y)
        }
        var cubic: CGPoint?, quad: CGPoint?
        switch c {
        case "M":
            let p = try pt()
            if first {
                path.move(to: p)
                subpathStart = p
            } else {
                path.addLine(to: p)
            }
            current = p
        case "L":
            current = try pt()
            path.addLine(to: current)
        case "H":
            current = CGPoint(x: (relative ? current.x : 0) + (try number()), y: current.y)
            path.addLine(to: current)
        case "V":
            current = CGPoint(x: current.x, y: (relative ? current.y : 0) + (try number()))
            path.addLine(to: current)
        case "C":
            let c1 = try pt(), c2 = try pt(), p = try pt()
            path.addCurve(to: p, control1: c1, control2: c2)
            (current, cubic) = (p, c2)
        case "S":
            let c1 = reflect(lastCubicControl)
            let c2 = try pt(), p = try pt()
            path.addCurve(to: p, control1: c1, control2: c2)
            (current, cubic) = (p, c2)
        case "Q":
            let q = try pt(), p = try pt()
            path.addQuadCurve(to: p, control: q)
            (current, quad) = (p, q)
        case "T":
            let q = reflect(lastQuadControl), p = try pt()
            path.addQuadCurve(to: p, control: q)
            (current, quad) = (p, q)
        default:  // "A"
            let rx = abs(try number()), ry = abs(try number()), rotation = try number()
            let large = try flag(), sweep = try flag()
            let p = try pt()
            SVGArc.append(
                to: path, from: current, to: p, radii: CGSize(width: rx, height: ry),
                rotation: rotation * .pi / 180, largeArc: large, sweep: sweep)
            current = p
        }
        lastCubicControl = cubic
        lastQuadControl = quad
    }

    private func reflect(_ control: CGPoint?) -> CGPoint {
        guard let control else { return current }
        return CGPoint(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    // MARK: Tokens

    private mutating func skipSeparators() {
        while i < chars.count, chars[i].isWhitespace || chars[i] == "," { i += 1 }
    }

    private func startsNumber(_ c: Character) -> Bool {
        c.isASCII && (c.isNumber || c == "-" || c == "+" || c == ".")
    }

    private mutating func number() throws -> CGFloat {
        skipSeparators()
        let start = i
        if i < chars.count, chars[i] == "-" || chars[i] == "+" { i += 1 }
        var digits = 0, dot = false
        while i < chars.count {
            let c = chars[i]
            if c.isASCII && c.isNumber {
                digits += 1
            } else if c == "." && !dot {
                dot = true
            } else {
                break
            }
            i += 1
        }
        if digits > 0, i < chars.count, chars[i] == "e" || chars[i] == "E" {
            var j = i + 1
            if j < chars.count, chars[j] == "-" || chars[j] == "+" { j += 1 }
            if j < chars.count, chars[j].isASCII, chars[j].isNumber {
                i = j
                while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
            }
        }
        guard digits > 0, let v = Double(String(chars[start..<i])), v.isFinite else {
            let found = start < chars.count ? "'\(chars[start])'" : "the end"
            throw SVGPathError(offset: start, message: "expected a number, found \(found)")
        }
        return CGFloat(v)
    }

    private mutating func flag() throws -> Bool {
        skipSeparators()
        guard i < chars.count, chars[i] == "0" || chars[i] == "1" else {
            throw SVGPathError(offset: i, message: "expected an arc flag 0 or 1")
        }
        defer { i += 1 }
        return chars[i] == "1"
    }
}

/// SVG's endpoint arcs as cubic Béziers (SVG 1.1 implementation notes, F.6).
enum SVGArc {
    static func append(
        to path: CGMutablePath, from p0: CGPoint, to p1: CGPoint, radii: CGSize, rotation phi: CGFloat,
        largeArc: Bool, sweep: Bool
    ) {
        var rx = radii.width, ry = radii.height
        guard p0 != p1 else { return }
        guard rx > 0, ry > 0 else { return path.addLine(to: p1) }
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { (rx, ry) = (rx * lambda.squareRoot(), ry * lambda.squareRoot()) }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = (max(0, num) / den).squareRoot()
        if largeArc == sweep { k = -k }
        let cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        let theta1 = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta1
        if sweep && delta < 0 { delta += 2 * .pi }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        // Radii or a chord so large (or small) that their squares overflow (or vanish) leave no
        // centre to turn about: such an arc is drawn as a line, like one with a zero radius (#14).
        guard delta.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else { return path.addLine(to: p1) }
        let segments = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / CGFloat(segments)
        let kappa = 4 / 3 * tan(step / 4)
        func map(_ a: CGFloat, _ b: CGFloat) -> CGPoint {
            CGPoint(x: cx + rx * a * cosPhi - ry * b * sinPhi, y: cy + rx * a * sinPhi + ry * b * cosPhi)
        }
        var t = theta1
        for s in 0..<segments {
            let t2 = t + step
            let (c1, s1, c2, s2) = (cos(t), sin(t), cos(t2), sin(t2))
            let control1 = map(c1 - kappa * s1, s1 + kappa * c1)
            let control2 = map(c2 + kappa * s2, s2 - kappa * c2)
            let end = s == segments - 1 ? p1 : map(c2, s2)
            path.addCurve(to: end, control1: control1, control2: control2)
            t = t2
        }
    }
}

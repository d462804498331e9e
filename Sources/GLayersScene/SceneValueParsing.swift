/// The scene format's value parsers one value at a time, without a scene around them: SVG path
/// data, angles, keysyms, and any JSON value decoded as the value of a layer property (colours,
/// transforms, paths, names, option lists, …) or as a timing function. The fuzz targets
/// (`Sources/GLayersFuzz`) call them directly; scenes reach them through `Scene.load`.
import Foundation
import GLayers
import GLayersJSON

/// Entry points into the scene decoders for code inside the package.
package enum SceneValueParsing {
    /// The file name the errors of these parsers carry.
    package static let fileName = "value.json"

    /// The path of SVG path data `text`, or the reason it is refused.
    package static func svgPath(_ text: String) -> Result<CGPath, SceneValueError> {
        do {
            return .success(try SVGPathParser.parse(text))
        } catch let e as SVGPathError {
            return .failure(SceneValueError(message: "at character \(e.offset + 1): \(e.message)"))
        } catch {
            return .failure(SceneValueError(message: "\(error)"))
        }
    }

    /// `"90deg"`, `"1.5rad"` in radians; nil when `text` is not an angle.
    package static func angle(_ text: String) -> CGFloat? { DecodeContext.parseAngle(text) }

    /// Whether `name` is an X11 keysym a scene may bind.
    package static func isKnownKeysym(_ name: String) -> Bool { KeySyms.isKnown(name) }

    /// The class names scenes use (`"CAShapeLayer"`), in a fixed order.
    package static var layerClassNames: [String] { SceneClasses.layers.map(\.0) }

    /// A new layer of the class named `className` (`"CAShapeLayer"`), or nil for a name scenes
    /// do not know.
    package static func makeLayer(named className: String) -> CALayer? { SceneClasses.makeLayer(named: className) }

    /// `value` decoded as the value of `keyPath` on a layer of class `className`, as a scene's
    /// layer, animation or action would decode it: the value (nil for JSON `null` where
    /// allowed), or the errors a scene would report.
    package static func decode(_ value: JSONValue, keyPath: String, className: String) -> Result<Any?, SceneErrors> {
        let ctx = DecodeContext(file: fileName, baseURL: nil)
        let path = JSONPath().key(keyPath)
        guard let layer = SceneClasses.makeLayer(named: className) else {
            ctx.fail("unknown class \"\(className)\"", value, path)
            return .failure(SceneErrors(ctx.log.errors))
        }
        guard let type = ctx.keyPathType(ctx.canonicalKeyPath(keyPath), on: layer, value, path),
            let decoded = ctx.value(value, path, as: type)
        else { return .failure(SceneErrors(ctx.log.errors)) }
        return .success(decoded)
    }

    /// `value` decoded as a timing function (a name or four control points).
    package static func timingFunction(_ value: JSONValue) -> Result<CAMediaTimingFunction, SceneErrors> {
        let ctx = DecodeContext(file: fileName, baseURL: nil)
        guard let f = ctx.timingFunction(value, JSONPath().key("timingFunction")) else {
            return .failure(SceneErrors(ctx.log.errors))
        }
        return .success(f)
    }
}

/// Why a value given to `SceneValueParsing` is refused.
package struct SceneValueError: Error, CustomStringConvertible {
    /// What is wrong, with its position when there is one.
    package let message: String
    /// The message.
    package var description: String { message }
}

/// The members Apple's CoreGraphics overlay gives `CGPoint`, `CGSize` and `CGRect` that
/// Foundation on Linux lacks: the `CGRectEqualToRect` family (`equalTo(_:)`) and the
/// dictionary representations (`CGRectCreateDictionaryRepresentation` and
/// `CGRectMakeWithDictionaryRepresentation`: keys "X", "Y", "Width", "Height", numbers as
/// values).
import Foundation

extension CGPoint {
    /// Whether the two points are equal (Core Graphics' `CGPointEqualToPoint`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }

    /// The point as a dictionary with the keys "X" and "Y" (`CGPointCreateDictionaryRepresentation`).
    public var dictionaryRepresentation: CFDictionary { ["X": x, "Y": y] as NSDictionary }

    /// The point of a dictionary made by `dictionaryRepresentation` (`CGPointMakeWithDictionaryRepresentation`);
    /// nil when a key is missing or its value is not a number.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let x = dict.geometryNumber("X"), let y = dict.geometryNumber("Y") else { return nil }
        self.init(x: x, y: y)
    }
}

extension CGSize {
    /// Whether the two sizes are equal (Core Graphics' `CGSizeEqualToSize`).
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }

    /// The size as a dictionary with the keys "Width" and "Height" (`CGSizeCreateDictionaryRepresentation`).
    public var dictionaryRepresentation: CFDictionary { ["Width": width, "Height": height] as NSDictionary }

    /// The size of a dictionary made by `dictionaryRepresentation` (`CGSizeMakeWithDictionaryRepresentation`);
    /// nil when a key is missing or its value is not a number.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let w = dict.geometryNumber("Width"), let h = dict.geometryNumber("Height") else { return nil }
        self.init(width: w, height: h)
    }
}

extension CGRect {
    /// Whether the two rectangles have equal origin and size values, or are both null (Core
    /// Graphics' `CGRectEqualToRect`, as its reference says).
    public func equalTo(_ rect2: CGRect) -> Bool {
        if isNull || rect2.isNull { return isNull && rect2.isNull }
        return origin == rect2.origin && size == rect2.size
    }

    /// The rectangle as a dictionary with the keys "X", "Y", "Width" and "Height"
    /// (`CGRectCreateDictionaryRepresentation`).
    public var dictionaryRepresentation: CFDictionary {
        ["X": origin.x, "Y": origin.y, "Width": size.width, "Height": size.height] as NSDictionary
    }

    /// The rectangle of a dictionary made by `dictionaryRepresentation`
    /// (`CGRectMakeWithDictionaryRepresentation`); nil when a key is missing or its value is
    /// not a number.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let x = dict.geometryNumber("X"), let y = dict.geometryNumber("Y"),
            let w = dict.geometryNumber("Width"), let h = dict.geometryNumber("Height")
        else { return nil }
        self.init(x: x, y: y, width: w, height: h)
    }
}

extension NSDictionary {
    /// The number under `key` of a geometry dictionary, as the CGFloat, Double, Int or
    /// NSNumber Swift code puts there.
    fileprivate func geometryNumber(_ key: String) -> CGFloat? {
        switch object(forKey: key) {
        case let v as CGFloat: return v
        case let v as Double: return CGFloat(v)
        case let v as Int: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        default: return nil
        }
    }
}

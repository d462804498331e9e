import Foundation
import GLayers
import Testing

/// `LayerProperty.setValue(typed:on:)`, the scene decoder's way of setting the numbers,
/// rectangles and colours it makes without boxing them in `Any`: for every entry of every layer
/// class, a typed value sets what the same value boxed sets, and a value the entry refuses is
/// refused with the same message.
@Suite struct TypedSettingTests {
    /// A typed set and a boxed set of `value` on two new layers of class `name`, for every
    /// declared key: the same value shown, or the same error.
    private func compare<T>(_ value: T, forKind kind: ValueKind, in name: String) throws -> Int {
        let cls = type(of: PropertyTableTests.make(name))
        var compared = 0
        for key in cls.declaredKeys {
            let p = try #require(cls.properties[key])
            guard p.kind == kind else { continue }
            let boxed = PropertyTableTests.make(name), typed = PropertyTableTests.make(name)
            let boxedError = Result(catching: { try p.setValue(value, on: boxed) }).failureText
            let typedError = Result(catching: { try p.setValue(typed: value, on: typed) }).failureText
            #expect(boxedError == typedError, "\(cls).\(key): \(String(describing: typedError))")
            #expect(
                same(boxed.value(forKey: key), typed.value(forKey: key)),
                "\(cls).\(key): typed \(String(describing: typed.value(forKey: key)))")
            compared += 1
        }
        return compared
    }

    @Test(arguments: PropertyTableTests.classes)
    func typedValuesSetWhatBoxedValuesSet(_ name: String) throws {
        var compared = 0
        compared += try compare(CGFloat(0.375), forKind: .number, in: name)
        compared += try compare(CGRect(x: 1, y: 2, width: 30, height: 40), forKind: .rect, in: name)
        compared += try compare(CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5), forKind: .color, in: name)
        #expect(compared > 0)
    }

    /// The refusals of `value` for CALayer's `key`, set boxed and typed: both, and the same.
    private func refusals<T>(_ key: String, _ value: T) throws -> (boxed: String?, typed: String?) {
        let p = try #require(CALayer.properties[key])
        let boxed = Result(catching: { try p.setValue(value, on: CALayer()) }).failureText
        let typed = Result(catching: { try p.setValue(typed: value, on: CALayer()) }).failureText
        return (boxed, typed)
    }

    @Test func refusalsAreTheSame() throws {
        let all = [
            try refusals("opacity", CGFloat.nan),
            try refusals("frame", CGRect(x: CGFloat.infinity, y: 0, width: 1, height: 1)),
            try refusals("cornerRadius", "wide"),
            try refusals("backgroundColor", CGRect.zero),
            try refusals("bounds", CGColor.black),
        ]
        for (boxed, typed) in all {
            #expect(boxed != nil)
            #expect(typed == boxed, "\(String(describing: typed))")
        }
    }
}

extension Result where Success == Void, Failure == any Error {
    /// The error's text, or nil on success.
    fileprivate var failureText: String? {
        if case .failure(let e) = self { return "\(e)" }
        return nil
    }
}

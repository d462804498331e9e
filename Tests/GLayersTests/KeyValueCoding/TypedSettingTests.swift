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

    @Test func refusalsAreTheSame() throws {
        let cls = CALayer.self
        var refused = 0
        for (key, value) in [
            ("opacity", CGFloat.nan as Any), ("frame", CGRect(x: .infinity, y: 0, width: 1, height: 1)),
            ("cornerRadius", "wide"), ("backgroundColor", CGRect.zero), ("bounds", CGColor.black),
        ] {
            let p = try #require(cls.properties[key])
            let boxedError = Result(catching: { try p.setValue(value, on: CALayer()) }).failureText
            // Opened from `Any` into its own type, as the decoder holds it.
            func typedSet<T>(_ v: T) -> String? {
                Result(catching: { try p.setValue(typed: v, on: CALayer()) }).failureText
            }
            let typedError = _openExistential(value, do: typedSet)
            #expect(boxedError != nil, "\(key) accepted \(value)")
            #expect(typedError == boxedError, "\(key): \(String(describing: typedError))")
            if boxedError != nil { refused += 1 }
        }
        #expect(refused == 5)
    }
}

extension Result where Success == Void, Failure == any Error {
    /// The error's text, or nil on success.
    fileprivate var failureText: String? {
        if case .failure(let e) = self { return "\(e)" }
        return nil
    }
}

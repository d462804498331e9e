import QuartzCore
import Testing

@Suite struct QuartzCoreImport {
    @Test func transformFunctionsAreVisible() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3)
        #expect(CGColor(gray: 0, alpha: 1) == .black)
    }
}

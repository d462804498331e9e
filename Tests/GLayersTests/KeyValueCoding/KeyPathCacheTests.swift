import Foundation
import Testing

@testable import GLayers

/// Issue #14 (found by fuzzing): every key path ever resolved was cached, and custom keys can
/// be any string, so a program using generated keys (`"item\(n)"`) grew without bound (60 000
/// distinct key paths kept about 40 MB).
@Suite struct KeyPathCacheTests {
    @Test func theCacheOfResolvedKeyPathsIsBounded() {
        let layer = CALayer()
        for n in 0..<(KeyPathResolver.cacheLimit + 100) {
            layer.setValue(n, forKeyPath: "fuzzCacheKey\(n)")
        }
        #expect(KeyPathResolver.cacheCount <= KeyPathResolver.cacheLimit)
        #expect(layer.value(forKeyPath: "fuzzCacheKey7") as? CGFloat == 7)
    }
}

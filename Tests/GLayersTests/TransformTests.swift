import Foundation
import GLayers
import Testing

@Suite struct TransformPlaceholder {
    @Test func identity() { #expect(CATransform3DIsIdentity(CATransform3DIdentity)) }
}

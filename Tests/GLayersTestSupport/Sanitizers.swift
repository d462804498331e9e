import Foundation

/// What the test process was built with.
public enum TestBuild {
    /// Whether this test run was built with a sanitizer (its runtime is in the process): it owns
    /// the allocator, and code runs 5 to 15 times slower.
    public static let isSanitized = ["__asan_init", "__tsan_init"].contains { (name: String) in dlsym(nil, name) != nil
    }

    /// A wall-time bound of a test that guards against a hang, stretched under a sanitizer.
    public static func hangBound(_ seconds: TimeInterval) -> TimeInterval { isSanitized ? seconds * 6 : seconds }
}

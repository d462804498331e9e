/// What building one Lottie file may make in all, beyond the limits of each value the decoder
/// checks (docs/lottie.md, "Limits"): the limits of one value multiply when building (a path of
/// 100 000 vertices drawn with another path of 20 000 keyframes is 2e9 path elements; 50 000
/// fills under 50 000 rectangles, 2.5e9; nested repeaters, 1 000³ copies), so the build counts
/// what it makes across the whole file and stops, with one warning each, at the budget.
import Foundation

final class BuildBudget {
    /// Path elements (vertices) of every keyframe of every path built.
    static let pathElements = 5_000_000
    /// Copies made by every repeater, nested ones multiplied.
    static let repeaterCopies = 10_000

    private let warn: (String) -> Void
    private var elements = 0
    private var copies = 0
    private var reportedPaths = false, reportedCopies = false

    init(warn: @escaping (String) -> Void) { self.warn = warn }

    /// Charges a path of `vertices` vertices; false (warned once) when the file's budget is spent
    /// and the path is not drawn.
    func chargePath(vertices: Int) -> Bool {
        elements += vertices
        guard elements > Self.pathElements else { return true }
        if !reportedPaths {
            warn(
                "the shapes make more than \(Self.pathElements) path vertices over their keyframes; the rest are not drawn"
            )
            reportedPaths = true
        }
        return false
    }

    /// Charges one repeater copy; false (warned once) when the file's budget is spent.
    func chargeRepeaterCopy() -> Bool {
        copies += 1
        guard copies > Self.repeaterCopies else { return true }
        if !reportedCopies {
            warn(
                "repeaters make more than \(Self.repeaterCopies) copies (nested ones multiply); the rest are not drawn")
            reportedCopies = true
        }
        return false
    }
}

// swift-tools-version:6.0
//
// Core Animation classics written as code for Apple's platforms writes them, with
// `import QuartzCore`, on glayers: an activity indicator on a replicator layer, a progress
// ring with a custom animatable property and a text label, a card flip in perspective, a
// pulsing ripple. `swift run classics` shows them in a window; the main package's tests
// render the same sources (`PortingClassicsTests`).
import PackageDescription

let package = Package(
    name: "PortingClassics",
    dependencies: [.package(name: "glayers", path: "../..")],
    targets: [
        .target(
            name: "Classics",
            dependencies: [.product(name: "QuartzCore", package: "glayers")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(
            name: "classics",
            dependencies: ["Classics", .product(name: "GLayersHost", package: "glayers")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)

// swift-tools-version:6.0
//
// glayers: Core Animation for the Linux desktop.
//
// The targets follow the pipeline in ARCHITECTURE.md:
//   GLayersGraphics  CoreGraphics-like ground (colours, images, paths, 2D drawing, text)
//   GLayers          the Core Animation engine (layers, animation, timing, transactions)
//   GLayersScene     the JSON scene format: decoding, behaviours, key bindings, dumps
//   QuartzCore       re-exports GLayers and GLayersGraphics for code written for Apple
//
// Language mode: Swift 5. Core Animation's API is a graph of mutable reference types shared
// by convention with the thread that owns the tree (as on Apple's platforms, where the types
// carry no Sendable annotations either); the engine guards its process-wide state (media
// clock, transaction stacks) itself and documents its thread rules in README.md.
import PackageDescription

let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "glayers",
    products: [
        .library(name: "GLayers", targets: ["GLayers"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "GLayersGraphics", targets: ["GLayersGraphics"]),
        .library(name: "GLayersScene", targets: ["GLayersScene"]),
    ],
    targets: [
        // System libraries (Debian -dev packages, found with pkg-config).
        .systemLibrary(
            name: "CPNG", path: "Sources/System/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CJPEG", path: "Sources/System/CJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CCairo", path: "Sources/System/CCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),

        .target(
            name: "GLayersGraphics",
            dependencies: ["CPNG", "CJPEG", "CCairo"],
            swiftSettings: swiftSettings),
        .target(
            name: "GLayersRenderList",
            swiftSettings: swiftSettings),
        .target(
            name: "GLayers",
            dependencies: ["GLayersGraphics", "GLayersRenderList"],
            swiftSettings: swiftSettings),
        .target(
            name: "GLayersScene",
            dependencies: ["GLayers"],
            swiftSettings: swiftSettings),
        .target(
            name: "QuartzCore",
            dependencies: ["GLayers", "GLayersGraphics"],
            swiftSettings: swiftSettings),

        .testTarget(
            name: "GLayersGraphicsTests",
            dependencies: ["GLayersGraphics"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GLayersTests",
            dependencies: ["GLayers", "GLayersGraphics"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GLayersSceneTests",
            dependencies: ["GLayersScene", "GLayers"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "QuartzCoreTests",
            dependencies: ["QuartzCore"],
            swiftSettings: swiftSettings),
    ]
)

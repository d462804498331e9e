// swift-tools-version:6.0
//
// glayers: Core Animation for the Linux desktop.
//
// The targets follow the pipeline (docs/architecture.md):
//   GLayersGraphics    CoreGraphics-like ground (colours, images, paths, 2D drawing, text)
//   GLayersRenderList  the render list: the only thing the renderer reads
//   GLayers            the Core Animation engine (layers, animation, timing, transactions,
//                      flattening the presentation tree into a render list)
//   GLayersPlan        planning a frame without OpenGL: render list in, commands and instance bytes out
//   GLayersGL          the OpenGL 3.3 backend (EGL; render list in, pixels out)
//   GLayersScene       the JSON scene format: decoding, behaviours, key bindings, dumps
//   GLayersHost        frames: headless rendering and the X11 window with its frame loop
//   GLayersRecording   animated WebP (libwebp) and video through ffmpeg, for `glayers record`
//   QuartzCore         re-exports GLayers and GLayersGraphics for code written for Apple
//   CoreGraphics, CoreText, ImageIO   `import CoreGraphics` / `CoreText` / `ImageIO` for that code
//   glayers            the command (thin, on swift-argument-parser)
// and, for benchmarks only (no library depends on them):
//   GLayersBench       workloads, timed runs and RESULT lines of `glayers bench`
//   glayers-bench      the same benchmarks with allocation counts (links CAllocationCounter)
//   glayers-gl-bench   the renderer alone against the floor (SnowBenchmark)
// and, for fuzzing only (docs/reliability.md):
//   GLayersFuzz        the fuzz targets' entries (scene, image, strings, api, lottie) and their invariants
//   fuzz-TARGET        libFuzzer programs in `make fuzz` builds, replayers of inputs otherwise
//
// Language mode: Swift 5. Core Animation's API is a graph of mutable reference types shared
// by convention with the thread that owns the tree (as on Apple's platforms, where the types
// carry no Sendable annotations either); the engine guards its process-wide state (media
// clock, transaction stacks) itself and documents its thread rules in README.md.
import Foundation
import PackageDescription

let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v5)]

// Release builds of the `glayers` command carry the Swift runtime and Foundation in the binary
// (static linking; the objects name the static libraries Foundation needs when compiled with
// the flag too), export no symbols and are not position-independent: a kiosk shot peaks 8.6 MiB
// lower and ends about 25 ms sooner than with the toolchain's shared libraries, and no Swift
// toolchain is needed where the binary runs (docs/performance.md, "Start and footprint").
let staticRuntime: (swift: [SwiftSetting], linker: [LinkerSetting]) = (
    [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
    [
        .unsafeFlags(
            ["-static-stdlib", "-Xlinker", "--no-export-dynamic", "-Xclang-linker", "-no-pie"],
            .when(configuration: .release))
    ]
)

// Release builds of the `glayers` command are linked by lld with the functions a start runs laid
// out first (Sources/glayers/symbol-order.txt, made by scripts/order-symbols.sh): the kernel maps
// a program's code 64 KiB around each page it touches, and the 3 300 functions of a kiosk shot,
// scattered through the binary, kept 9.4 MiB of it resident; gathered, 5.2 MiB
// (docs/performance.md, "Start and footprint"). Where no `ld.lld` is on PATH (the Swift
// toolchains for Linux ship one), the toolchain's default linker links in the objects' order.
let startOrder: [LinkerSetting] = {
    let path = Context.environment["PATH"] ?? ""
    let hasLLD = path.split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/ld.lld")
    }
    guard hasLLD else { return [] }
    let orderFile = Context.packageDirectory + "/Sources/glayers/symbol-order.txt"
    return [
        .unsafeFlags(
            [
                "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=" + orderFile,
                "-Xlinker", "--no-warn-symbol-ordering",
            ],
            .when(configuration: .release))
    ]
}()

let package = Package(
    name: "glayers",
    products: [
        .executable(name: "glayers", targets: ["glayers"]),
        .library(name: "GLayers", targets: ["GLayers"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .library(name: "GLayersGraphics", targets: ["GLayersGraphics"]),
        .library(name: "GLayersGL", targets: ["GLayersGL"]),
        .library(name: "GLayersScene", targets: ["GLayersScene"]),
        .library(name: "GLayersLottie", targets: ["GLayersLottie"]),
        .library(name: "GLayersHost", targets: ["GLayersHost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (make docs): the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries (Debian -dev packages, found with pkg-config).
        .systemLibrary(
            name: "CPNG", path: "Sources/System/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/System/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CWebP", path: "Sources/System/CWebP", pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CJPEG", path: "Sources/System/CJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CCairo", path: "Sources/System/CCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(
            name: "COpenGL", path: "Sources/System/COpenGL", pkgConfig: "opengl",
            providers: [.apt(["libopengl-dev", "libgl-dev"])]),
        .systemLibrary(
            name: "CEGL", path: "Sources/System/CEGL", pkgConfig: "egl",
            providers: [.apt(["libegl-dev"])]),
        .systemLibrary(
            name: "CX11", path: "Sources/System/CX11", pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxext-dev"])]),

        .target(
            name: "GLayersGraphics",
            dependencies: ["CPNG", "CPNGWriter", "CJPEG", "CWebP", "CCairo"],
            swiftSettings: swiftSettings),
        // libpng's full write API, whose errors longjmp (C: Swift cannot hold the setjmp).
        .target(name: "CPNGWriter", dependencies: ["CPNG"]),
        .target(
            name: "GLayersRenderList",
            dependencies: ["GLayersJSON"],
            swiftSettings: swiftSettings),
        // Damage tracking: which pixels two frames' render lists draw differently.
        .target(
            name: "GLayersDamage",
            dependencies: ["GLayersRenderList"],
            swiftSettings: swiftSettings),
        // Planning a frame without OpenGL: render list in, draw commands and instance bytes out.
        .target(
            name: "GLayersPlan",
            dependencies: ["GLayersRenderList"],
            swiftSettings: swiftSettings),
        .target(
            name: "GLayers",
            dependencies: ["GLayersGraphics", "GLayersRenderList", "CEngineSupport"],
            swiftSettings: swiftSettings),
        // Prefetch and sincos for the engine's per-frame path, and the call of a layer class's
        // init(layer:) through its vtable for presentation copies (C: Swift has no spelling).
        .target(name: "CEngineSupport", linkerSettings: [.linkedLibrary("m")]),
        // The OpenGL backend: render list in, pixels out. Shaders come from the top-level
        // `shaders/` folder, embedded at build time by the EmbedShaders plugin.
        .target(
            name: "GLayersGL",
            dependencies: ["GLayersRenderList", "GLayersPlan", "GLayersDamage", "GLayersGraphics", "COpenGL", "CEGL"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedShaders"]),
        .executableTarget(
            name: "ShaderEmbedder",
            swiftSettings: swiftSettings),
        .plugin(
            name: "EmbedShaders",
            capability: .buildTool(),
            dependencies: ["ShaderEmbedder"]),
        // Recording scenes: animated WebP (libwebp), other formats through ffmpeg.
        .target(
            name: "GLayersRecording",
            dependencies: ["GLayersGraphics", "CWebP"],
            swiftSettings: swiftSettings),
        .target(
            name: "GLayersScene",
            dependencies: ["GLayers", "GLayersJSON", "GLayersLottie"],
            swiftSettings: swiftSettings),
        // JSON with the line and column of every value, and JSON paths: what scene and Lottie
        // files report their errors with.
        .target(name: "GLayersJSON", swiftSettings: swiftSettings),
        // Lottie (Bodymovin) files as layer trees with Core Animation animations.
        .target(
            name: "GLayersLottie",
            dependencies: ["GLayers", "GLayersGraphics", "GLayersJSON", "CZlib"],
            swiftSettings: swiftSettings),
        .target(
            name: "GLayersHost",
            dependencies: ["GLayers", "GLayersGL", "GLayersRenderList", "GLayersGraphics", "CX11", "CHostSupport"],
            swiftSettings: swiftSettings),
        .target(
            name: "QuartzCore",
            dependencies: ["GLayers", "GLayersGraphics", "CoreGraphics", "CoreText", "ImageIO"],
            swiftSettings: swiftSettings),
        // `import CoreGraphics` and `import CoreText` for Apple code: GLayersGraphics with the
        // CoreFoundation names that code uses (QuartzCore re-exports them, as Apple's does).
        .target(
            name: "CoreGraphics", dependencies: ["GLayersGraphics", "_Testing_CoreGraphics"],
            swiftSettings: swiftSettings),
        // Swift Testing's cross-import overlay of CoreGraphics, which Linux toolchains lack (empty).
        .target(name: "_Testing_CoreGraphics", swiftSettings: swiftSettings),
        .target(name: "CoreText", dependencies: ["CoreGraphics"], swiftSettings: swiftSettings),
        // `import ImageIO` for Apple code: image sources (PNG, JPEG) and PNG destinations.
        .target(name: "ImageIO", dependencies: ["CoreGraphics"], swiftSettings: swiftSettings),

        .executableTarget(
            name: "glayers",
            dependencies: [
                "GLayers", "GLayersScene", "GLayersLottie", "GLayersHost", "GLayersBench", "GLayersRecording",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["symbol-order.txt"],
            swiftSettings: swiftSettings + staticRuntime.swift,
            linkerSettings: staticRuntime.linker + startOrder),

        // Benchmarks. `GLayersBench` (`glayers bench`) counts no allocations; counting needs
        // `CAllocationCounter`, which defines malloc, free and their siblings for the whole
        // process, so only the benchmark executable `glayers-bench` links it: never a library,
        // never the shipped `glayers` (a test checks its symbols).
        .target(
            name: "GLayersBench",
            dependencies: [
                "GLayers", "GLayersGL", "GLayersGraphics", "GLayersHost", "GLayersRenderList", "GLayersScene",
                "GLayersJSON", "GLayersLottie", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
        .target(name: "CAllocationCounter"),
        // The window host's guard for faults on a window another client destroyed (C: a signal
        // handler).
        .target(name: "CHostSupport"),
        .executableTarget(
            name: "glayers-bench",
            dependencies: [
                "GLayersBench", "GLayersScene", "CAllocationCounter", "PortingClassics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/GLayersBenchCommand",
            swiftSettings: swiftSettings),
        // The renderer alone on render lists built directly, against the floor program.
        .executableTarget(
            name: "glayers-gl-bench",
            dependencies: ["GLayersGL", "GLayersGraphics", "GLayersRenderList"],
            path: "Sources/GLayersGLBench",
            swiftSettings: swiftSettings),

        // Fuzzing: the targets' entries, and one executable per target (see docs/reliability.md).
        .target(
            name: "GLayersFuzz",
            dependencies: [
                "GLayers", "GLayersGraphics", "GLayersRenderList", "GLayersScene", "GLayersJSON", "GLayersLottie",
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-scene", dependencies: ["GLayersFuzz"], path: "Sources/FuzzMains/scene",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-image", dependencies: ["GLayersFuzz"], path: "Sources/FuzzMains/image",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-strings", dependencies: ["GLayersFuzz"], path: "Sources/FuzzMains/strings",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-api", dependencies: ["GLayersFuzz"], path: "Sources/FuzzMains/api",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "fuzz-lottie", dependencies: ["GLayersFuzz"], path: "Sources/FuzzMains/lottie",
            swiftSettings: swiftSettings),

        // What the test targets share: the process-wide media clock, leased to one suite at a time,
        // and golden-image checks.
        .target(
            name: "GLayersTestSupport",
            dependencies: ["GLayersGraphics"],
            path: "Tests/GLayersTestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GLayersGraphicsTests",
            dependencies: ["GLayersGraphics"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GLayersTests",
            dependencies: ["GLayers", "GLayersGraphics", "GLayersRenderList", "GLayersTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GLayersGLTests",
            dependencies: [
                "GLayersGL", "GLayersPlan", "GLayersDamage", "GLayersRenderList", "GLayersGraphics",
                "GLayersTestSupport",
            ],
            swiftSettings: swiftSettings),
        // Links no OpenGL: plans are made and compared on the CPU alone.
        .testTarget(
            name: "GLayersPlanTests",
            dependencies: ["GLayersPlan", "GLayersRenderList"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GLayersSceneTests",
            dependencies: ["GLayersScene", "GLayersJSON", "GLayers", "GLayersRenderList", "GLayersTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GLayersHostTests",
            dependencies: [
                "GLayersHost", "GLayersScene", "GLayers", "CX11", "GLayersTestSupport", "GLayersBench",
                "GLayersRecording",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GLayersFuzzTests",
            dependencies: ["GLayersFuzz", "GLayersTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "QuartzCoreTests",
            dependencies: ["QuartzCore", "CoreGraphics", "CoreText", "ImageIO"],
            swiftSettings: swiftSettings),
        // The Core Animation classics of samples/porting (a package of its own that depends on
        // this one), compiled here too so that `swift test` renders them without building a
        // second package.
        .target(
            name: "PortingClassics",
            dependencies: ["QuartzCore"],
            path: "samples/porting/Sources/Classics",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GLayersLottieTests",
            dependencies: [
                "GLayersLottie", "GLayers", "GLayersJSON", "GLayersScene", "GLayersHost", "GLayersTestSupport",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "PortingClassicsTests",
            dependencies: ["PortingClassics", "QuartzCore", "GLayersHost", "GLayersTestSupport"],
            swiftSettings: swiftSettings),
    ]
)

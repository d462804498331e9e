/// glayers-gl-bench: runs `SnowBenchmark` headless and prints snow.c-style RESULT lines: the
/// renderer alone, on render lists built directly (`glayers bench` times whole frames of a
/// layer tree). The benchmark code lives here, not in the `GLayersGL` library.
///
///     swift run -c release glayers-gl-bench [--n N] [--frames F] [--warmup K] [--size WxH] [--quad PX]
import Foundation
import GLayersGL

var count = 1000, frames = 300, warmup = 20, width = 1280, height = 720, flake = 64
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    let value = arguments.popFirst() ?? ""
    switch flag {
    case "--n": count = Int(value) ?? count
    case "--frames": frames = Int(value) ?? frames
    case "--warmup": warmup = Int(value) ?? warmup
    case "--quad": flake = Int(value) ?? flake
    case "--size":
        let parts = value.split(separator: "x").compactMap { Int($0) }
        if parts.count == 2 { (width, height) = (parts[0], parts[1]) }
    default:
        FileHandle.standardError.write(
            Data("usage: glayers-gl-bench [--n N] [--frames F] [--warmup K] [--size WxH] [--quad PX]\n".utf8))
        exit(2)
    }
}
do {
    let result = try SnowBenchmark.run(
        count: count, frames: frames, warmup: warmup, width: width, height: height, flake: flake)
    print(result)
} catch {
    FileHandle.standardError.write(Data("glayers-gl-bench: \(error)\n".utf8))
    exit(1)
}

/// `fuzz-scene`: the scene fuzz target as a program. Built by `make fuzz TARGET=scene` it is a
/// libFuzzer fuzzer; built normally it replays the files and folders given as arguments.
import GLayersFuzz

/// libFuzzer's entry: one input through the target.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.scene.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@main
enum FuzzScene {
    static func main() { FuzzDriver.main(.scene, testOneInput) }
}

/// `fuzz-lottie`: the Lottie fuzz target as a program. Built by `make fuzz TARGET=lottie` it is a
/// libFuzzer fuzzer; built normally it replays the files and folders given as arguments.
import GLayersFuzz

/// libFuzzer's entry: one input through the target.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.lottie.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@main
enum FuzzLottie {
    static func main() { FuzzDriver.main(.lottie, testOneInput) }
}

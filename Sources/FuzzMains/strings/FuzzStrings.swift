/// `fuzz-strings`: the strings fuzz target as a program. Built by `make fuzz TARGET=strings` it is a
/// libFuzzer fuzzer; built normally it replays the files and folders given as arguments.
import GLayersFuzz

/// libFuzzer's entry: one input through the target.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.strings.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@main
enum FuzzStrings {
    static func main() { FuzzDriver.main(.strings, testOneInput) }
}

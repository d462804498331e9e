/// The `main` of the fuzz executables (`fuzz-scene`, `fuzz-image`, …).
///
/// - Built with `-DFUZZING` and `-sanitize=fuzzer` (`make fuzz`), it hands the command line to
///   libFuzzer (`LLVMFuzzerRunDriver`), which calls the executable's `LLVMFuzzerTestOneInput`.
///   The executable keeps its own `main` in that build too: SwiftPM links every executable
///   with `main` standing for the module's entry point, so libFuzzer's `main` is never used.
/// - Built normally, it replays the files given as arguments (folders: every file inside,
///   recursively) and prints how many it ran, for reproducing a crash under a debugger.
import Foundation

/// The fuzz executables' entry point.
public enum FuzzDriver {
    /// The signature of `LLVMFuzzerTestOneInput`.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer (fuzzing builds) or replays the arguments through `target`, then exits.
    public static func main(_ target: FuzzTarget, _ testOneInput: TestOneInput) -> Never {
        #if FUZZING
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
            let arguments = CommandLine.arguments.dropFirst()
            if arguments.isEmpty || arguments.contains(where: { $0.hasPrefix("-") }) {
                let usage = """
                    usage: fuzz-\(target.rawValue) FILE-OR-FOLDER…
                    Replays inputs through the \(target.rawValue) target. To fuzz, build with \
                    `make fuzz TARGET=\(target.rawValue)` (libFuzzer).

                    """
                FileHandle.standardError.write(Data(usage.utf8))
                exit(2)
            }
            var count = 0
            for argument in arguments {
                for file in inputFiles(at: URL(fileURLWithPath: argument)) {
                    guard let data = FileManager.default.contents(atPath: file.path) else {
                        FileHandle.standardError.write(Data("fuzz-\(target.rawValue): cannot read \(file.path)\n".utf8))
                        exit(1)
                    }
                    target.run(data)
                    count += 1
                }
            }
            print("fuzz-\(target.rawValue): replayed \(count) input\(count == 1 ? "" : "s")")
            exit(0)
        #endif
    }

    /// The file at `url`, or every regular file under it (sorted), when it is a folder.
    public static func inputFiles(at url: URL) -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [url] }
        guard isFolder.boolValue else { return [url] }
        let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [URL] = []
        while let file = walker?.nextObject() as? URL {
            if (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { files.append(file) }
        }
        return files.sorted { $0.path < $1.path }
    }
}

#if FUZZING
    /// libFuzzer's driver (in the fuzzer runtime that `-sanitize=fuzzer` links).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ testOneInput: FuzzDriver.TestOneInput
    ) -> CInt
#endif

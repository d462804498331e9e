/// The shipped `glayers` binary keeps the C library's allocator (#10): it defines no `malloc`,
/// `free` or sibling. The counting allocator (`CAllocationCounter`) defines them for the
/// whole process, so only the benchmark executable `glayers-bench` may link it; a library that
/// linked it would replace the allocator of the command and of every program built on it.
import Foundation
import Testing

@Suite struct ShippedBinaryTests {
    /// The entry points `CAllocationCounter` defines to count allocations.
    static let allocatorSymbols: Set<String> = [
        "malloc", "free", "calloc", "realloc", "memalign", "aligned_alloc", "posix_memalign",
    ]

    /// The `glayers` binary to inspect. The test builds nothing; it looks for:
    /// - the release binary, `release/glayers` in the build folder of this test run (the
    ///   parent of its `debug` folder, usually `.build`), which `swift build -c release
    ///   --product glayers` makes and `make install` installs. A release binary left from an
    ///   older checkout is inspected as it is: rebuild it after changing the package's shape;
    /// - otherwise the debug binary this test run was built with (`swift build --build-tests`
    ///   builds it next to the test bundle; `TestEnvironment.glayers` finds it).
    static var binary: URL? {
        guard let debug = TestEnvironment.glayers else { return nil }
        let release = debug.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("release").appendingPathComponent("glayers")
        return FileManager.default.isExecutableFile(atPath: release.path) ? release : debug
    }

    /// `nm` finds no allocator entry point defined in `glayers`: neither in its dynamic symbol
    /// table (`nm -D`, where an interposing `malloc` must be to take effect) nor in its full
    /// symbol table.
    @Test func glayersDefinesNoAllocator() throws {
        let binary = try #require(Self.binary, "the glayers executable is not built (swift build)")
        let nm = try #require(TestEnvironment.which("nm"), "nm (binutils) is not on PATH")
        var defined: Set<String> = []
        for options in [["-D", "--defined-only"], ["--defined-only"]] {
            let child = try Subprocess(nm, options + [binary.path])
            #expect(child.wait(), "nm did not finish")
            #expect(child.status == 0, "nm \(options.joined(separator: " ")) \(binary.path): \(child.stderr)")
            defined.formUnion(Self.codeSymbols(nmOutput: child.stdout))
        }
        // The parsing is right if it finds the program's own entry point.
        #expect(defined.contains("main"), "nm listed no code symbol `main` in \(binary.path)")
        let allocator = defined.intersection(Self.allocatorSymbols)
        #expect(
            allocator.isEmpty,
            """
            \(binary.path) defines \(allocator.sorted().joined(separator: ", ")): CAllocationCounter \
            is linked into it (only glayers-bench may link it)
            """)
    }

    /// The names of the code symbols in `nm` output (`ADDRESS TYPE NAME` lines; `T`/`t` text,
    /// `W` weak, `i` indirect), without a version suffix (`@@GLIBC_…`).
    static func codeSymbols(nmOutput: String) -> Set<String> {
        var names: Set<String> = []
        for line in nmOutput.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, ["T", "t", "W", "i"].contains(fields[1]) else { continue }
            names.insert(String(fields[2].prefix { $0 != "@" }))
        }
        return names
    }
}

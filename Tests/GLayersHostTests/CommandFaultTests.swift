/// Faults users run into, each a clear error with a non-zero status (issue #14): output that
/// cannot be written, frame sizes OpenGL cannot draw, options out of range.
import Foundation
import Testing

extension CommandTests {
    /// A scene file for these tests.
    func scene(_ json: String, _ name: String) throws -> String {
        let url = temporaryFile(name)
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test func writingToAFullDeviceFailsAndLeavesTheDevice() throws {
        let result = try glayers(["shot", "samples/kiosk.json", "-o", "/dev/full"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/dev/full") && result.stderr.contains("No space left"), "\(result.stderr)")
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "/dev/full is still a device")
    }

    @Test func printingToAFullDeviceFails() throws {
        let glayers = try #require(TestEnvironment.executable("glayers"))
        let child = try Subprocess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(glayers.path)' dump samples/kiosk.json --at 0 > /dev/full"],
            environment: ProcessInfo.processInfo.environment, directory: TestEnvironment.packageRoot)
        #expect(child.wait())
        #expect(child.status == 1)
        #expect(child.stderr.contains("cannot write standard output"), "\(child.stderr)")
    }

    @Test func framesOpenGLCannotDrawAreRefusedWithTheirFile() throws {
        let huge = try scene(#"{"size": [100000000, 100000000], "root": {}}"#, "huge.json")
        let validate = try glayers(["validate", huge])
        #expect(validate.status != 0 && validate.stderr.contains("at most 16384 points per side"), "\(validate.stderr)")
        let tiny = try scene(#"{"size": [100, 100], "scale": 5e-324, "root": {}}"#, "tiny.json")
        let shot = try glayers(["shot", tiny, "-o", temporaryFile("tiny.png").path])
        #expect(
            shot.status == 1 && shot.stderr.contains("tiny.json") && shot.stderr.contains("0.0×0.0 pixels"),
            "\(shot.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temporaryFile("tiny.png").path))
        let big = try scene(#"{"size": [10000, 10000], "scale": 8, "root": {}}"#, "big.json")
        let bigShot = try glayers(["shot", big, "-o", temporaryFile("big.png").path])
        #expect(bigShot.status == 1 && bigShot.stderr.contains("80000.0×80000.0 pixels"), "\(bigShot.stderr)")
    }

    @Test(arguments: ["0", "nan", "1e300", "-1"])
    func runRefusesScalesOutOfRange(_ scale: String) throws {
        let result = try glayers(["run", "samples/kiosk.json", "--scale", scale])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--scale"))
    }
}

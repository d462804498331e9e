/// Threads the host starts and joins itself (pthreads, not Foundation's `Thread`, which cannot
/// be joined): a thread that holds EGL state must have ended, its state released, before what
/// it used is torn down.
import Foundation

/// What a started thread runs.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Starts a joinable thread running `body`; nil when no thread can be started. The caller
/// joins it (`pthread_join`).
func startJoinableThread(_ body: @escaping () -> Void) -> pthread_t? {
    var thread = pthread_t()
    let argument = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    let status = pthread_create(
        &thread, nil,
        { raw in
            guard let raw else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, argument)
    guard status == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(argument).release()
        return nil
    }
    return thread
}

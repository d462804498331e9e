import Foundation

/// Commits at the end of a run-loop turn: implicit transactions "are committed automatically
/// when the thread's runloop next iterates" (CATransaction reference;
/// docs/semantics.md#run-loop-commits).
///
/// When a transaction begins on a thread, the thread's Foundation run loop gets (once) an
/// observer of its before-waiting and exit activities (Core Foundation's `CFRunLoopObserver`,
/// which swift-corelibs-foundation ships), and a block that makes the run loop iterate at
/// least once more. At the end of the turn the observer commits the implicit transaction and
/// delivers callbacks, as `CATransaction.flush()` does, but leaves the host's "changed since
/// the last frame" flag alone: a host that flushes itself still sees the change and draws it.
/// A thread that never runs its run loop (the window's frame loop) is not affected.
///
/// - While animations of the thread are in flight and the clock is real, a timer wakes the
///   run loop at the next animation event, so that `animationDidStop(_:finished:)` and
///   completion blocks arrive without a host. With the manual clock they arrive at the first
///   turn or flush after the clock passes the event.
/// - Code that drains `DispatchQueue.main` with `dispatchMain()` instead of a run loop gets
///   no run-loop commits: flush there (issue #11).
#if canImport(CoreFoundation)
    import CoreFoundation
#endif

extension TransactionContext {
    /// Makes sure this thread's run loop commits the transaction at the end of its next turn.
    ///
    /// Called whenever a transaction begins and when the outermost one commits; does nothing
    /// while a turn is already scheduled.
    func scheduleRunLoopCommit() {
        if !observesRunLoop { observeRunLoop() }
        guard !runLoopTurnScheduled else { return }
        runLoopTurnScheduled = true
        // The block does nothing itself: it makes an idle run loop iterate, so the observer
        // runs at the end of that turn.
        RunLoop.current.perform { [self] in runLoopTurnScheduled = false }
    }

    /// The end of a run-loop turn: the implicit transaction commits (not explicit ones still
    /// open), then animations tick to the media clock and callbacks are delivered.
    func runLoopTurnDidEnd() {
        runLoopTurnScheduled = false
        isEndingRunLoopTurn = true
        defer { isEndingRunLoopTurn = false }
        if frames.count == 1 && frames[0].isImplicit {
            commit()
        } else if !frames.isEmpty {
            return
        }
        tickCommittingCallbackWork(at: CACurrentMediaTime())
        scheduleWakeUpForNextAnimationEvent()
    }

    private func observeRunLoop() {
        observesRunLoop = true
        #if canImport(CoreFoundation)
            let activities = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
            // Order 2 000 000: after other observers of the turn, as Core Animation's own.
            let observer = CFRunLoopObserverCreateWithHandler(nil, activities, true, 2_000_000) { [self] _, _ in
                runLoopTurnDidEnd()
            }
            CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, kCFRunLoopCommonModes)
        #endif
    }

    /// Arms a timer for the next start or end of an animation of this thread (real clock only).
    private func scheduleWakeUpForNextAnimationEvent() {
        guard !animatedLayers.isEmpty, nextTickTime.isFinite, !CAMediaClock.isManual else { return }
        let delay = max(nextTickTime - CACurrentMediaTime(), 0)
        let fireDate = Date(timeIntervalSinceNow: delay)
        if let timer = wakeUpTimer, timer.isValid, timer.fireDate <= fireDate { return }
        wakeUpTimer?.invalidate()
        let timer = Timer(fire: fireDate, interval: 0, repeats: false) { [self] _ in wakeUpTimer = nil }
        wakeUpTimer = timer
        RunLoop.current.add(timer, forMode: .common)
    }
}

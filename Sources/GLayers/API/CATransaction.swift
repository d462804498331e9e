/// `CATransaction`: batches changes to the layer tree and commits them at a frame boundary.
///
/// Every thread has its own transaction stack (as on Apple's platforms). A change to a layer
/// with no transaction open begins an implicit one, committed at the end of the thread's next
/// run-loop turn (`RunLoopCommit.swift`) or by the next `flush()`, which the window's frame
/// loop and the headless renderer call once per frame. Explicit transactions
/// nest; their settings apply to changes made inside them, inherited from the enclosing
/// transaction when unset; nothing starts until the outermost commit.
///
/// - Thread rules: a layer tree belongs to the thread that changes it and flushes it.
///   `lock()`/`unlock()` is a process-wide recursive lock for code that shares a tree between
///   threads; the engine takes no locks on layer objects itself.
import Foundation

/// The transaction key for the animation duration (a number of seconds).
public let kCATransactionAnimationDuration = "animationDuration"
/// The transaction key for disabling actions (a Bool).
public let kCATransactionDisableActions = "disableActions"
/// The transaction key for the timing function of implicit animations.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The transaction key for the completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// Groups changes to the layer tree into atomic updates.
open class CATransaction: NSObject {
    private static let globalLock = NSRecursiveLock()

    /// Begins a new transaction on the current thread.
    open class func begin() {
        TransactionContext.current.begin(implicit: false)
    }

    /// Commits the current transaction. The outermost commit runs layout and display, starts
    /// the animations added inside, and schedules completion blocks.
    ///
    /// - A commit with no explicit transaction open commits the implicit one, if any.
    open class func commit() {
        TransactionContext.current.commit()
    }

    /// The frame boundary: commits the implicit transaction (unless explicit ones are open),
    /// then advances animations to the current media time, removes finished ones and delivers
    /// callbacks in this order: `animationDidStart`, `animationDidStop(_:finished:)`,
    /// transaction completion blocks.
    open class func flush() {
        TransactionContext.current.flush()
    }

    /// Takes the process-wide transaction lock (recursive).
    open class func lock() { globalLock.lock() }
    /// Releases the process-wide transaction lock.
    open class func unlock() { globalLock.unlock() }

    /// The duration of animations created by actions in this transaction (default 0.25 s).
    open class func animationDuration() -> CFTimeInterval {
        TransactionContext.current.settings.duration
    }

    /// Sets the duration of animations created by actions in this transaction.
    open class func setAnimationDuration(_ duration: CFTimeInterval) {
        TransactionContext.current.ensureFrame().duration = duration
    }

    /// The timing function of animations created by actions in this transaction (nil: the
    /// `default` curve).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        TransactionContext.current.settings.timingFunction
    }

    /// Sets the timing function of animations created by actions in this transaction.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        TransactionContext.current.ensureFrame().timingFunction = .some(function)
    }

    /// Whether property changes in this transaction run their actions (default false).
    open class func disableActions() -> Bool {
        TransactionContext.current.settings.disableActions
    }

    /// Turns the actions of property changes in this transaction off or on.
    open class func setDisableActions(_ flag: Bool) {
        TransactionContext.current.ensureFrame().disableActions = flag
    }

    /// The completion block of this transaction (inherited from the enclosing one when unset).
    open class func completionBlock() -> (() -> Void)? {
        TransactionContext.current.settings.completionBlock
    }

    /// Adds a block that runs once every animation added afterwards in this transaction has
    /// finished or been removed; with none, at the next run-loop turn or `flush()` after the
    /// commit.
    ///
    /// - Setting a second block does not cancel the first: both run. Setting nil cancels
    ///   nothing.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        TransactionContext.current.ensureFrame().addCompletionBlock(block)
    }

    /// The value of a transaction property (`kCATransaction…` keys or your own).
    open class func value(forKey key: String) -> Any? {
        let settings = TransactionContext.current.settings
        switch key {
        case kCATransactionAnimationDuration: return settings.duration
        case kCATransactionDisableActions: return settings.disableActions
        case kCATransactionAnimationTimingFunction: return settings.timingFunction
        case kCATransactionCompletionBlock: return settings.completionBlock
        default: return TransactionContext.current.customValue(forKey: key)
        }
    }

    /// Sets a transaction property (`kCATransaction…` keys or your own).
    ///
    /// - A value of the wrong type for a `kCATransaction…` key is reported and ignored.
    open class func setValue(_ value: Any?, forKey key: String) {
        let frame = TransactionContext.current.ensureFrame()
        switch key {
        case kCATransactionAnimationDuration:
            guard let d = NumberCoercion.double(value), d.isFinite else {
                Diagnostics.warn("CATransaction: \(key) expects a finite number, got \(String(describing: value))")
                return
            }
            frame.duration = d
        case kCATransactionDisableActions:
            guard let b = NumberCoercion.bool(value) else {
                Diagnostics.warn("CATransaction: \(key) expects a Bool, got \(String(describing: value))")
                return
            }
            frame.disableActions = b
        case kCATransactionAnimationTimingFunction:
            guard value == nil || value is CAMediaTimingFunction else {
                Diagnostics.warn("CATransaction: \(key) expects a CAMediaTimingFunction")
                return
            }
            frame.timingFunction = .some(value as? CAMediaTimingFunction)
        case kCATransactionCompletionBlock:
            guard value == nil || value is () -> Void else {
                Diagnostics.warn("CATransaction: \(key) expects a () -> Void block")
                return
            }
            frame.addCompletionBlock(value as? () -> Void)
        default:
            frame.values[key] = value
        }
    }
}

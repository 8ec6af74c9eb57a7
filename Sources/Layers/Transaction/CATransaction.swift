import Foundation

/// Duration, in seconds, of the animations triggered in a transaction (a number; default 0.25).
public let kCATransactionAnimationDuration = "animationDuration"
/// Whether a transaction's property changes skip their implicit actions (a `Bool`; default
/// false).
public let kCATransactionDisableActions = "disableActions"
/// The `CAMediaTimingFunction` of the animations added in a transaction (default nil).
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The block run once every animation added in a transaction has finished (a `() -> Void`).
public let kCATransactionCompletionBlock = "completionBlock"

/// Groups layer-tree changes into atomic updates, and carries the duration, timing function,
/// action suppression and completion block of the animations they trigger.
///
/// Every change to a layer belongs to a transaction. The first change on a thread with none
/// open begins an *implicit* transaction, which the run loop commits at the end of the turn
/// (`AnimationEngine.commitImplicitTransaction()`: an `ApplicationRunLoop` calls it each turn; a
/// thread's default engine has a Foundation run-loop observer call it before the thread's
/// `RunLoop` waits and when a run ends, as Core Animation does). `begin()`/`commit()` make *explicit* ones,
/// which nest: an inner transaction sees the outer one's values until it sets its own, and the
/// outer values return when it commits. Animations (explicit ones and those implicit actions
/// add) start only when the outermost transaction commits, all with that moment as their begin
/// time. An explicit transaction begun while an implicit one is open nests inside it, so its
/// animations start when the run loop commits.
///
/// The static API works on the calling thread's current `AnimationEngine`, so tests run it
/// against a fresh engine with a virtual clock (`engine.withCurrent { … }`).
///
///     CATransaction.begin()
///     CATransaction.setAnimationDuration(2)
///     CATransaction.setCompletionBlock { print("done") }
///     layer.position = CGPoint(x: 300, y: 200)   // animates over 2 s
///     CATransaction.commit()
open class CATransaction {
    /// Begins a transaction on the calling thread, nested in any already open.
    open class func begin() {
        AnimationEngine.current.beginTransaction()
    }

    /// Commits the innermost explicit transaction. When it is the outermost one, its changes
    /// take effect and its animations start now. A commit with no explicit transaction open does
    /// nothing (Apple raises); it does not commit the implicit transaction.
    open class func commit() {
        AnimationEngine.current.commitTransaction()
    }

    /// Commits the implicit transaction now rather than at the end of the run-loop turn; while
    /// explicit transactions are open the commit waits until the last of them commits.
    open class func flush() {
        AnimationEngine.current.flush()
    }

    /// Takes the calling thread's engine lock (recursive), for code that changes layers from
    /// several threads.
    open class func lock() {
        AnimationEngine.current.transactionLock.lock()
    }

    /// Releases the lock taken by `lock()`.
    open class func unlock() {
        AnimationEngine.current.transactionLock.unlock()
    }

    /// The duration of animations triggered in this transaction; 0.25 s unless set.
    open class func animationDuration() -> CFTimeInterval {
        AnimationEngine.current.transactionDuration
    }

    /// Sets the duration of animations triggered in the current transaction (and those nested
    /// in it that do not set their own).
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function given to animations added in this transaction; nil unless set.
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        AnimationEngine.current.transactionTimingFunction
    }

    /// Sets the timing function for animations added in the current transaction. Implicit
    /// animations use it, or `.default` when it is nil (Apple's header: "the curve used by
    /// implicit animations created by Core Animation"); an explicit animation takes it when its own
    /// `timingFunction` is nil (Apple's header says "will have this value set", without saying
    /// whether it overrides one already set; Kinescope keeps the animation's own).
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes in this transaction skip their implicit actions.
    open class func disableActions() -> Bool {
        AnimationEngine.current.actionsDisabled
    }

    /// Turns the implicit actions of the current transaction's property changes off or on.
    open class func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The completion block of the innermost transaction that has one.
    open class func completionBlock() -> (() -> Void)? {
        AnimationEngine.current.transactionValue(forKey: kCATransactionCompletionBlock) as? () -> Void
    }

    /// Sets the block to run once every animation added from now on in this transaction (and
    /// those nested in it) has finished or been removed. It runs once, on the thread that owns
    /// the engine, on a later run-loop turn than the commit — never inside `commit()`; if no
    /// animation was added, on the turn after the commit.
    ///
    /// Blocks add up: setting another block (or nil) does not cancel this one, it seals it — it
    /// still runs, after the animations added while it was set (at once if there were none), and
    /// blocks due together run in the order they were set.
    ///
    /// Which run loop: an `ApplicationRunLoop` (or `HeadlessHost`) runs them in its frame's
    /// callback step; a thread's default engine, with no such loop, runs them on that thread's
    /// Foundation `RunLoop` (`AnimationEngine.drivesItselfOnRunLoop`), so a unit test or tool that
    /// turns `RunLoop.current.run(until:)` sees them.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        AnimationEngine.current.setCompletionBlock(block)
    }

    /// The value of `key` in the innermost transaction that sets it, or the default for the
    /// four `kCATransaction…` keys (duration 0.25, timing function nil, actions enabled, no
    /// completion block); nil for other keys that no transaction sets.
    open class func value(forKey key: String) -> Any? {
        let engine = AnimationEngine.current
        switch key {
        case kCATransactionAnimationDuration: return engine.transactionDuration
        case kCATransactionDisableActions: return engine.actionsDisabled
        default: return engine.transactionValue(forKey: key)
        }
    }

    /// Sets `key` in the current transaction (beginning an implicit one if none is open). A
    /// value of the wrong type for one of the four `kCATransaction…` keys is ignored, with a
    /// diagnostic.
    open class func setValue(_ value: Any?, forKey key: String) {
        AnimationEngine.current.setTransactionValue(value, forKey: key)
    }
}

/// One level of a thread's transaction stack: the values set in it (`kCATransaction…` keys
/// and any others) and its completion block.
final class TransactionFrame {
    /// Made by the first layer change of a run-loop turn, committed by the run loop.
    let isImplicit: Bool
    var values: [String: Any] = [:]
    /// The completion group of the block set most recently in this transaction.
    var completion: CompletionGroup?

    init(isImplicit: Bool) {
        self.isImplicit = isImplicit
    }
}

/// A transaction's completion block and the animations it waits for.
///
/// Every animation added while the block is the transaction's current one (in this
/// transaction or one nested in it) holds the group; the block becomes due when the group is
/// sealed (its transaction committed, or another block set in its place) and no animation
/// holds it any more. It then runs in the run loop's callback step of a later turn than the
/// one that sealed it, never inside `commit()`. A sealed group is never dropped: a block
/// replaced by another, or cleared with nil, still runs (blocks add up, as on Apple's platforms).
final class CompletionGroup {
    let block: () -> Void
    private(set) var outstanding = 0
    private(set) var sealedTurn: Int?
    private(set) var hasRun = false
    private weak var engine: AnimationEngine?

    init(block: @escaping () -> Void, engine: AnimationEngine) {
        self.block = block
        self.engine = engine
    }

    func retain() { outstanding += 1 }

    func release() {
        outstanding -= 1
        if outstanding == 0, sealedTurn != nil { engine?.groupBecameDue(self) }
    }

    func seal(turn: Int) {
        guard sealedTurn == nil else { return }
        sealedTurn = turn
        if outstanding == 0 { engine?.groupBecameDue(self) }
    }

    func run() {
        guard !hasRun else { return }
        hasRun = true
        block()
    }
}

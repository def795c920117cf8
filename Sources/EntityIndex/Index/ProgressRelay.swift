import Foundation

/// Hands progress to a caller's callback on a queue of its own, so that the
/// callback never runs while the index holds a lock (it may call back into the
/// index). Reports that come faster than the callback returns are coalesced:
/// it sees the latest count.
final class ProgressRelay: @unchecked Sendable {
    private let queue = DispatchQueue(label: "EntityIndex.progress")
    private let callback: (Int) -> Void
    /// The count not yet delivered, if any.
    private let pending = Locked<Int?>(nil)

    init(_ callback: @escaping (Int) -> Void) {
        self.callback = callback
    }

    /// Passes on a count; returns at once.
    func report(_ done: Int) {
        let delivering = pending.withLock { pending in
            defer { pending = done }
            return pending != nil
        }
        guard !delivering else { return }  // the delivery on its way takes the latest count
        queue.async { [self] in
            if let done = pending.withLock({ pending in defer { pending = nil }; return pending }) { callback(done) }
        }
    }

    /// Waits until every count reported has been delivered.
    func finish() {
        queue.sync {}
    }
}

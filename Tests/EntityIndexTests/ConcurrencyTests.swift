import Dispatch
import Foundation
import Synchronization
import Testing
@testable import EntityIndex

/// Readers never fail while a writer donates, and see each batch whole.
@Suite struct ConcurrencyTests {
    @Test func readersKeepWorkingWhileAWriterDonates() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let index = try EntityIndex(path: directory.path)
        let batches = 40, batchSize = 100
        let done = Atomic<Bool>(false)
        let failures = Mutex<[String]>([])
        let reads = Atomic<Int>(0)

        let group = DispatchGroup()
        for reader in 0..<2 {
            DispatchQueue.global().async(group: group) {
                while !done.load(ordering: .acquiring) {
                    do {
                        let results = try index.search(SearchQuery("oxygen check", limit: 1_000))
                        // A batch lands whole: the count is always a multiple of the batch size.
                        if results.count % batchSize != 0 {
                            failures.withLock { $0.append("reader \(reader) saw \(results.count) results") }
                        }
                        _ = try index.entity(for: EntityIdentifier(type: "notes.note", id: "0-0"))
                        reads.add(1, ordering: .relaxed)
                    } catch {
                        failures.withLock { $0.append("reader \(reader): \(error)") }
                    }
                }
            }
        }
        // Donate only once the readers are reading, so that the two overlap.
        while reads.load(ordering: .relaxed) == 0, failures.withLock({ $0.isEmpty }) { usleep(100) }
        for batch in 0..<batches {
            try index.donate((0..<batchSize).map { item in
                Entity(type: "notes.note", id: "\(batch)-\(item)",
                       properties: ["title": "Log", "body": .string("oxygen check \(batch) item \(item) of the station log")])
            })
        }
        done.store(true, ordering: .releasing)
        group.wait()

        #expect(failures.withLock { $0 } == [])
        #expect(reads.load(ordering: .relaxed) > 0)
        #expect(try index.search(SearchQuery("oxygen", limit: 10_000)).count == batches * batchSize)
    }

    @Test func inMemoryIndexesServeConcurrentReadsToo() throws {
        let index = try EntityIndex()
        try index.donate(try sampleCorpus())
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 200) { iteration in
            do {
                if iteration.isMultiple(of: 10) {
                    try index.donate([event("extra-\(iteration)", title: "Crew Lunch \(iteration)")])
                }
                if try index.search(SearchQuery("crew lunch")).isEmpty { failures.add(1, ordering: .relaxed) }
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }
}

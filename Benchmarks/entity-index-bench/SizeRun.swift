import EntityIndex
import Foundation
import ShardServers

/// What one corpus size measured.
struct SizeReport: Codable {
    struct Kind: Codable {
        let kind: String
        let entityIndex: Latency
        /// Raw Xapian given the terms, worked out before the clock starts.
        let rawXapian: Latency?
        /// Raw Xapian given the query text: the same words and stems worked
        /// out on the clock, as EntityIndex and FTS5 must.
        let rawXapianFromText: Latency?
        let sqlite: Latency?
        /// The same requests searched plainly (`understandsRequest: false`), for
        /// the kinds whose requests are read first: what reading them costs.
        let plain: Latency?
        /// What reading each request adds, paired: per request, its median time
        /// read first less its median time searched plainly; then their median
        /// and tails (steadier than the difference of two medians over a mix).
        let addedByReading: Latency?
    }
    let entities: Int
    /// How many shards EntityIndex's index (and raw Xapian's view of it) had.
    let shards: Int
    /// How many of them xapian-tcpsrv served.
    let remoteShards: Int
    let donationPerSecond: Double
    let sqliteInsertsPerSecond: Double
    let singleDonation: Latency
    let kinds: [Kind]
    let readsPerSecondWithWriter: [Int: Double]
    let writerPerSecondDuringReads: Double
    let coldOpenAndFirstQueryMilliseconds: Double
    let indexBytes: Int
    let sqliteBytes: Int
    let peakResidentMiB: Double

    var markdown: String {
        func ms(_ value: Double) -> String { String(format: "%.3f", value) }
        func mib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
        func ratio(_ a: Double, _ b: Double?) -> String { b.map { String(format: "%.2f", a / $0) } ?? "—" }
        var lines = [
            "### \(entities) entities" + RunSettings.describe(shards: shards, remote: remoteShards),
            "",
            "| kind | EntityIndex p50 ms | p95 | p99 | raw Xapian p50, terms given | from text | SQLite FTS5 p50 | × raw Xapian, terms given | × from text | × FTS5 |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for kind in kinds {
            let ours = kind.entityIndex.p50
            lines.append("| \(kind.kind) | \(ms(ours)) | \(ms(kind.entityIndex.p95)) | \(ms(kind.entityIndex.p99)) | "
                + "\(kind.rawXapian.map { ms($0.p50) } ?? "—") | \(kind.rawXapianFromText.map { ms($0.p50) } ?? "—") | "
                + "\(kind.sqlite.map { ms($0.p50) } ?? "—") | \(ratio(ours, kind.rawXapian?.p50)) | "
                + "\(ratio(ours, kind.rawXapianFromText?.p50)) | \(ratio(ours, kind.sqlite?.p50)) |")
        }
        let understood = kinds.compactMap { kind in
            kind.plain.map { (kind.kind, kind.entityIndex.p50, $0.p50, kind.addedByReading) }
        }
        lines += [
            "",
            "- reading the request first adds at the median: " + understood.map { kind, ours, plain, added in
                "\(kind) \(ms(ours - plain)) ms (\(ms(ours)) against \(ms(plain)) searched plainly"
                    + (added.map { "; paired per request: median \(ms($0.p50)), p95 \(ms($0.p95))" } ?? "") + ")"
            }.joined(separator: ", "),
            "- donation in batches of 1,000: EntityIndex \(Int(donationPerSecond))/s, SQLite FTS5 \(Int(sqliteInsertsPerSecond))/s",
            "- one entity donated and committed: p50 \(ms(singleDonation.p50)) ms, p99 \(ms(singleDonation.p99)) ms",
            "- text queries per second while a writer donates: " + readsPerSecondWithWriter.sorted { $0.key < $1.key }
                .map { "\($0.key) reader\($0.key == 1 ? "" : "s") \(Int($0.value))" }.joined(separator: ", ")
                + " (the writer meanwhile \(Int(writerPerSecondDuringReads)) entities/s)",
            "- cold open and first query: \(ms(coldOpenAndFirstQueryMilliseconds)) ms",
            "- on disk after the bulk donation: EntityIndex \(mib(indexBytes)) MiB, SQLite FTS5 \(mib(sqliteBytes)) MiB; peak resident memory \(Int(peakResidentMiB)) MiB",
        ]
        return lines.joined(separator: "\n")
    }
}

/// Builds one corpus size in each engine and measures it.
struct SizeRun {
    let corpus: SyntheticCorpus
    let settings: RunSettings

    /// Every query kind, in the order measured.
    static let kinds = ["name", "typo", "property", "text", "meaning", "context", "request", "understanding", "suggestion"]

    /// Entities a second donated into a new index in batches of 1,000, and nothing else measured.
    func donationOnly(configuration: IndexConfiguration) throws -> Double {
        try inScratchDirectory { directory in
            try withShards { locations in
                let index = try EntityIndex(path: directory + "/index", configuration: configuration, shardLocations: locations)
                return Double(corpus.entities.count) / (try donateInBatches(to: index))
            }
        }
    }

    func run() throws -> SizeReport {
        try inScratchDirectory { directory in try withShards { try measure(in: directory, shards: $0) } }
    }

    /// Runs `body` with the locations of the index's shards: the last
    /// `settings.remoteShards` served by xapian-tcpsrv processes started
    /// for it (empty databases) and stopped after it.
    private func withShards<Result>(_ body: ([ShardLocation]) throws -> Result) throws -> Result {
        let local = [ShardLocation](repeating: .local, count: settings.shards - settings.remoteShards)
        guard settings.remoteShards > 0 else { return try body(local) }
        let servers = try ShardServers(count: settings.remoteShards)
        defer { servers.stop() }
        return try body(local + servers.locations.compactMap(ShardLocation.init))
    }

    private func measure(in directory: String, shards: [ShardLocation]) throws -> SizeReport {
        let entities = corpus.entities
        let index = try EntityIndex(path: directory + "/index", shardLocations: shards)
        let donation = try donateInBatches(to: index)
        let sqlite = try SQLiteFTS(path: directory + "/fts.sqlite")
        let inserts = try seconds {
            for start in stride(from: 0, to: entities.count, by: 1_000) {
                try sqlite.insert(Array(entities[start..<min(start + 1_000, entities.count)]))
            }
        }
        // Sizes right after the bulk donation, before the writes below add to the index.
        let indexBytes = try index.statistics().sizeOnDisk ?? 0, sqliteBytes = sqlite.sizeOnDisk
        let single = Latency(try (0..<30).map { number in
            try seconds { try index.donate([Entity(type: "notes.note", id: "single-\(number)", properties: ["title": "Single donation"])]) }
        })

        let cold = try seconds {
            _ = try EntityIndex(path: directory + "/index", access: .readOnly).search(SearchQuery("crew lunch"))
        }
        let reader = try EntityIndex(path: directory + "/index", access: .readOnly)
        var directories = try reader.databaseDirectories().makeIterator()
        let raw = try RawXapian(databases: try reader.shardLocations().map { location in
            switch location {
            case .local: (directories.next()!, 0)
            case .remote(let host, let port): (host, port)
            }
        })
        let workloads = Workload.all(for: corpus, count: settings.queries)
        var kinds: [SizeReport.Kind] = []
        for kind in Self.kinds where settings.kinds.contains(kind) {
            let selected = workloads.filter { $0.kind == kind }
            // Raw Xapian runs what it can: free text, and a name's words as free text.
            let rawTexts = selected.filter { $0.words != nil && ($0.column == nil || kind == "name") }.map { $0.words!.joined(separator: " ") }
            let rawTerms = try rawTexts.map(raw.terms(for:))
            let ftsQueries = selected.compactMap { workload in workload.words.map { ($0, kind == "property" ? workload.column : nil) } }
            // Names and requests are read before they are searched; plainly, they are only searched.
            let plainRequests: [SearchQuery] = kind == "name" || kind == "request"
                ? selected.map { workload in
                    var request = workload.request
                    request.understandsRequest = false
                    return request
                } : []
            for workload in selected { try workload.run(on: reader) }  // warm
            let drawn = selected.filter { $0.drawnFrom != nil }
            if !drawn.isEmpty {
                // A name, even misspelt, should find first an entity named so (several entities may share a name).
                let namedFirst = try drawn.filter { try reader.search($0.request).first?.title == $0.drawnFrom }.count
                print("\(kind): the first result is named as the entity drawn for \(namedFirst) of \(drawn.count)")
            }
            for request in plainRequests { _ = try reader.search(request) }
            var ours: [Double] = [], theirs: [Double] = [], theirsFromText: [Double] = [], fts: [Double] = [], plain: [Double] = []
            // Each engine answers the kind's queries back to back, as a service would;
            // the engines take turns each round, so drift on this shared machine hits them alike.
            for _ in 0..<settings.iterations {
                for workload in selected { ours.append(try seconds { try workload.run(on: reader) }) }
                for terms in rawTerms { theirs.append(try seconds { _ = try raw.search(terms: terms, limit: 10) }) }
                for text in rawTexts { theirsFromText.append(try seconds { _ = try raw.search(terms: try raw.terms(for: text), limit: 10) }) }
                for (words, column) in ftsQueries { fts.append(try seconds { _ = try sqlite.search(words, column: column) }) }
                for request in plainRequests { plain.append(try seconds { _ = try reader.search(request) }) }
            }
            printSlowest(selected, timings: ours, plainTimings: plain)
            kinds.append(.init(kind: kind, entityIndex: Latency(ours), rawXapian: theirs.isEmpty ? nil : Latency(theirs),
                               rawXapianFromText: theirsFromText.isEmpty ? nil : Latency(theirsFromText),
                               sqlite: fts.isEmpty ? nil : Latency(fts), plain: plain.isEmpty ? nil : Latency(plain),
                               addedByReading: plain.isEmpty ? nil : Latency(pairedDifferences(ours, plain, requests: selected.count))))
        }

        var readsPerSecond: [Int: Double] = [:]
        var writerRate = 0.0
        for readers in [1, 2] {
            (readsPerSecond[readers], writerRate) = try readsUnderWriter(index: index, readers: readers,
                                                                           queries: workloads.filter { $0.kind == "text" })
        }
        return SizeReport(entities: entities.count, shards: settings.shards, remoteShards: settings.remoteShards, donationPerSecond: Double(entities.count) / donation,
                          sqliteInsertsPerSecond: Double(entities.count) / inserts, singleDonation: single, kinds: kinds,
                          readsPerSecondWithWriter: readsPerSecond, writerPerSecondDuringReads: writerRate,
                          coldOpenAndFirstQueryMilliseconds: cold * 1_000,
                          indexBytes: indexBytes, sqliteBytes: sqliteBytes,
                          peakResidentMiB: peakResidentMiB())
    }

    /// Prints the kind's `settings.slowest` slowest requests, by their median
    /// over the rounds, and beside each its median searched plainly, if it was.
    private func printSlowest(_ workloads: [Workload], timings: [Double], plainTimings: [Double]) {
        guard settings.slowest > 0, !workloads.isEmpty else { return }
        let plain = plainTimings.isEmpty ? nil : medians(plainTimings, requests: workloads.count)
        let slowest = zip(workloads.indices, medians(timings, requests: workloads.count)).sorted { $0.1 > $1.1 }.prefix(settings.slowest)
        for (index, median) in slowest {
            let plainly = plain.map { String(format: " (plainly %.3f ms)", $0[index] * 1_000) } ?? ""
            print(String(format: "slowest %@: %.3f ms%@  %@", workloads[index].kind, median * 1_000, plainly, workloads[index].request.text))
        }
    }

    /// Runs `body` with a new directory, removed afterwards.
    private func inScratchDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("entity-index-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    /// Donates the corpus in batches of 1,000; the seconds it took.
    private func donateInBatches(to index: EntityIndex) throws -> Double {
        try seconds {
            for start in stride(from: 0, to: corpus.entities.count, by: 1_000) {
                try index.donate(Array(corpus.entities[start..<min(start + 1_000, corpus.entities.count)]))
            }
        }
    }

    /// Text queries per second from `readers` threads while this thread
    /// donates batches of 500 new entities for two seconds.
    private func readsUnderWriter(index: EntityIndex, readers: Int, queries: [Workload]) throws -> (Double, Double) {
        let done = Flag()
        let completed = Counter()
        let failures = Counter()
        let group = DispatchGroup()
        for reader in 0..<readers {
            DispatchQueue.global().async(group: group) {
                var next = reader
                while !done.isSet {
                    do {
                        _ = try index.search(queries[next % queries.count].request)
                        completed.add()
                    } catch {
                        failures.add()
                    }
                    next += readers
                }
            }
        }
        var written = 0
        let elapsed = try seconds {
            let start = Date()
            while Date().timeIntervalSince(start) < 2 {
                try index.donate((0..<500).map { corpus.entities[($0 + written) % corpus.entities.count] }.enumerated().map { offset, entity in
                    var copy = entity
                    copy.id = "writer-\(readers)-\(written + offset)"
                    return copy
                })
                written += 500
            }
        }
        done.set()
        group.wait()
        guard failures.value == 0 else { throw BenchmarkError("\(failures.value) reads failed while a writer donated") }
        return (Double(completed.value) / elapsed, Double(written) / elapsed)
    }
}

/// A flag threads can read while one sets it.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// A count threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

/// Per request, its median time in `first` less its median time in `second`,
/// both taken in rounds of `requests` requests in the same order.
func pairedDifferences(_ first: [Double], _ second: [Double], requests: Int) -> [Double] {
    zip(medians(first, requests: requests), medians(second, requests: requests)).map { $0 - $1 }
}

/// Each request's median, from timings taken round after round of `requests` requests.
func medians(_ timings: [Double], requests: Int) -> [Double] {
    (0..<requests).map { request in
        let rounds = stride(from: request, to: timings.count, by: requests).map { timings[$0] }.sorted()
        return rounds[rounds.count / 2]
    }
}

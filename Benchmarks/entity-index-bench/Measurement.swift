import Foundation

/// Seconds taken by `body`.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The peak resident memory of this process so far, in MiB.
func peakResidentMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// Median and tails of a set of timings, in milliseconds.
struct Latency: Codable {
    let p50: Double
    let p95: Double
    let p99: Double

    init(_ timings: [Double]) {
        let sorted = timings.sorted()
        func at(_ fraction: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))] * 1_000
        }
        (p50, p95, p99) = (at(0.5), at(0.95), at(0.99))
    }
}

import Foundation

/// A test collection in BEIR layout: `corpus.jsonl` (`_id`, `title`, `text`),
/// `queries.jsonl` (`_id`, `text`) and `qrels/<split>.tsv` (query-id, corpus-id, score).
public struct BEIRCollection: Sendable {
    /// A document of the corpus.
    public struct Document: Sendable, Decodable {
        public let id: String
        public let title: String
        public let text: String

        private enum CodingKeys: String, CodingKey { case id = "_id", title, text }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
            text = try container.decodeIfPresent(String.self, forKey: .text) ?? ""
        }
    }

    /// The documents.
    public let documents: [Document]
    /// The judged queries' texts by id.
    public let queries: [(id: String, text: String)]
    /// Relevance judgments: query id -> document id -> gain.
    public let judgments: [String: [String: Int]]

    /// Loads a collection's corpus, and the queries judged in one split.
    /// - Parameter queriesDirectory: a parallel collection whose queries to
    ///   ask instead: the same questions under the same ids in another language
    ///   (XQuAD's), so that the corpus is searched across languages.
    /// - Throws: `EntityIndexError.Code.malformedInput` naming the file and line.
    public init(directory: String, split: String, queriesFrom queriesDirectory: String? = nil) throws {
        func lines(_ name: String, in directory: String = directory) throws -> [(number: Int, text: Substring)] {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw EntityIndexError(.malformedInput, "cannot read \(url.path): is \(directory) a BEIR collection with \(name)?")
            }
            return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated().map { ($0 + 1, $1) }.filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        let decoder = JSONDecoder()
        func decode<Value: Decodable>(_ type: Value.Type, _ name: String, in directory: String = directory) throws -> [Value] {
            try lines(name, in: directory).map { number, text in
                do {
                    return try decoder.decode(Value.self, from: Data(text.utf8))
                } catch {
                    throw EntityIndexError(.malformedInput, "\(name):\(number): not a BEIR record (\(error))")
                }
            }
        }
        documents = try decode(Document.self, "corpus.jsonl")

        var judgments: [String: [String: Int]] = [:]
        for (number, line) in try lines("qrels/\(split).tsv") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 3 else {
                throw EntityIndexError(.malformedInput, "qrels/\(split).tsv:\(number): expected query-id, corpus-id and score separated by tabs")
            }
            guard let gain = Int(fields[2].trimmingCharacters(in: .whitespaces)) else { continue }  // the header
            judgments[String(fields[0]), default: [:]][String(fields[1])] = gain
        }
        self.judgments = judgments

        struct Query: Decodable {
            let id: String
            let text: String
            private enum CodingKeys: String, CodingKey { case id = "_id", text }
        }
        queries = try decode(Query.self, "queries.jsonl", in: queriesDirectory ?? directory)
            .filter { judgments[$0.id]?.values.contains { $0 > 0 } == true }
            .map { ($0.id, $0.text) }
    }

    /// The documents as `document.document` entities; a document without text
    /// is indexed by its title, and one with neither is left out.
    public var entities: [Entity] {
        documents.compactMap { document in
            let text = document.text.isEmpty ? document.title : document.text
            guard !text.isEmpty else { return nil }
            var properties: [String: PropertyValue] = ["text": .string(text)]
            if !document.title.isEmpty { properties["title"] = .string(document.title) }
            return Entity(type: "document.document", id: document.id, properties: properties)
        }
    }
}

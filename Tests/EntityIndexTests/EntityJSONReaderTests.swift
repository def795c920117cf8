import Foundation
import Testing
@testable import EntityIndex

/// Stored entities read by hand (`EntityJSONReader`) come out as
/// `JSONDecoder` reads them, and what it refuses is refused.
@Suite struct EntityJSONReaderTests {
    /// What `JSONDecoder` makes of the bytes, or nil when it refuses them.
    private func decoded(_ bytes: [UInt8]) -> Entity? {
        try? JSONDecoder().decode(Entity.self, from: Data(bytes))
    }

    private func read(_ bytes: [UInt8]) -> Entity? {
        try? EntityJSONReader.entity(from: bytes)
    }

    private func entity(properties json: String) -> [UInt8] {
        Array(#"{"id":"n1","properties":{\#(json)},"type":"notes.note"}"#.utf8)
    }

    private func corpora() throws -> [Entity] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpusURL("").path)
            .filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("requests-") && $0 != "queries.jsonl" }
        #expect(names.count >= 5)
        return try names.flatMap { try EntityJSONLines.decode(try Data(contentsOf: corpusURL($0)), source: $0) }
    }

    @Test func everyStoredCorpusEntityReadsBackAsTheDecoderReadsIt() throws {
        let entities = try corpora()
        #expect(entities.count > 500)
        for entity in entities {
            let bytes = EntityJSONWriter.bytes(of: entity)
            let read = try EntityJSONReader.entity(from: bytes)
            #expect(read == decoded(bytes), "\(entity.identifier)")
            #expect(EntityJSONWriter.bytes(of: read) == bytes, "\(entity.identifier)")
        }
    }

    @Test func numbersAreIntegersExactlyWhenTheDecoderReadsAnInt() throws {
        let literals = ["0", "-0", "5", "-12", "5.0", "-0.0", "1e2", "1E2", "0.1e1", "100e-2", "1.5", "2.5e0", "1e-05", "1.5e+20",
                        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "9.223372036854776e+18",
                        "12345678901234567890123", "1e308", "4.9e-324"]
        for literal in literals {
            let bytes = entity(properties: #""n":\#(literal)"#)
            let expected = try #require(decoded(bytes), "\(literal)")
            #expect(read(bytes) == expected, "\(literal)")
        }
        let read = try EntityJSONReader.entity(from: entity(properties: #""a":5.0,"b":1.5,"c":9223372036854775808"#))
        #expect(read.properties == ["a": .integer(5), "b": .number(1.5), "c": .number(9_223_372_036_854_775_808)])
    }

    @Test func stringsEscapesAndNestingReadAsTheDecoderReadsThem() throws {
        let cases = [#""t":"plain""#, #""t":"quote \" backslash \\ slash \/ \b\f\n\r\t""#, #""t":"\u00e9\u4e2d\ud83d\ude80 é中🚀""#,
                     #""t":"\u0000 nul""#, #""list":[1,"two",null,true,false,{"a":[]},[]],"o":{"k":{"k":{}}}"#,
                     " \"spaced\" :\t[ 1 , 2 ]\n", #""dup":1,"dup":2"#, #""trailing":[1,],"o":{"a":1,}"#]
        for json in cases {
            let bytes = entity(properties: json)
            let expected = try #require(decoded(bytes), "\(json)")
            #expect(read(bytes) == expected, "\(json)")
        }
        #expect(read(Array(#"{"type":"notes.note","id":"n1"}"#.utf8)) == Entity(type: "notes.note", id: "n1"))
        #expect(read(Array(#"{"type":"notes.note","id":"n1","properties":null}"#.utf8)) == Entity(type: "notes.note", id: "n1"))
    }

    @Test func whatTheDecoderRefusesIsRefused() {
        let bad = ["", "{", "[]", "null", #"{"id":"n1","type":"notes.note"} x"#, #"{"id":1,"type":"notes.note"}"#,
                   #"{"id":"n1","type":"notes.note","properties":[]}"#]
            .map { Array($0.utf8) }
            + [#""n":01"#, #""n":-"#, #""n":1."#, #""n":.5"#, #""n":1e"#, #""n":+1"#, #""n":1e400"#, #""n":NaN"#, #""n":tru"#,
               #""t":"\ud83d""#, #""t":"\ud83d\u0041""#, #""t":"\x""#, #""t":"\u12g4""#, "\"t\":\"raw\ttab\"", #""t":"open"#,
               #""a":[,]"#, #""a":[1,,2]"#, #""a":{,}"#, #""a":{"k"}"#, #""a" 1"#]
            .map(entity(properties:))
            + [entity(properties: #""t":"bad "#) + [0xFF, 0xFE] + Array(#"""#.utf8) + Array("}}".utf8),
               entity(properties: #""deep":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600))]
        for bytes in bad {
            #expect(decoded(bytes) == nil, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(read(bytes) == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func damagedBytesAreReadAsTheDecoderReadsThemOrRefused() throws {
        var random = SeededGenerator(seed: 7)
        let stored = try sampleCorpus().map(EntityJSONWriter.bytes(of:))
        for _ in 0..<3_000 {
            var bytes = stored[Int.random(in: 0..<stored.count, using: &random)]
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            case 1: bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            default: bytes.remove(at: Int.random(in: 0..<bytes.count, using: &random))
            }
            #expect(read(bytes) == decoded(bytes), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}

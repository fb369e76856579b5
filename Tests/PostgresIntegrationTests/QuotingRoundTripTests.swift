import Foundation
import Migrations
import Postgres
import SQLSyntax
import SchemaParser
import Storage
import TestSupport
import Testing

/// Quoting works on Unicode scalars: random text full of quotes joined to prepend and combining marks, ZWJ
/// sequences, backslashes, braces, commas and `NULL` goes through PostgreSQL and comes back equal.
@Suite("Quoting round trips through PostgreSQL")
struct QuotingRoundTripTests {
    /// SplitMix64: the same sequence on every platform for a seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Pieces that break naive escaping, alone or next to each other.
    static let pieces: [String] = [
        "'", "\"", "\\", "{", "}", ",", " ", "NULL", "null", "\u{600}", "\u{301}", "\u{200D}", "\u{1F469}\u{200D}\u{1F4BB}",
        "\u{600}'", "'\u{301}", "\u{600}\"", "\"\u{301}", "a", "é", "\u{10FFFF}", "\n", "\t", "$1", "--", ";", "ü", "\u{FEFF}",
    ]

    static func randomText(_ generator: inout SeededGenerator, maximumScalars: Int = 40) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            text += pieces.randomElement(using: &generator)!
        }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumScalars)))
    }

    @Test("literals and identifiers from random text come back equal")
    func literalsAndIdentifiers() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1))
        defer { client.shutdown() }
        var generator = SeededGenerator(state: 15)
        for _ in 0..<300 {
            let text = Self.randomText(&generator)
            #expect(try await client.query("SELECT \(Quoting.literal(text))::text = $1", [text]).scalar == "t", "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for round in 0..<60 {
            // PostgreSQL truncates identifiers past 63 bytes; random ones stay under, and never empty.
            var name = "t\(round)" + Self.randomText(&generator, maximumScalars: 12)
            while name.utf8.count > 63 { name.unicodeScalars.removeLast() }
            let quoted = Quoting.identifier(name)
            _ = try await client.withConnection { try $0.execute("CREATE TABLE \(quoted) (\(quoted) text)") }
            let found = try await client.query("SELECT count(*) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname = $1 AND a.attname = $1", [name]).scalar
            #expect(found == "1", "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("a @default built to break out of its literal is stored as the text it is, and runs nothing")
    func defaultInjection() async throws {
        let client = PostgresClient(configuration: .init(conninfo: try await TestDatabase.makeDatabase(), connections: 1))
        defer { client.shutdown() }
        _ = try await client.withConnection { try $0.execute("CREATE TABLE victim (id int)") }
        let payload = "x\u{600}')::text; DROP TABLE victim; --"
        let escaped = payload.replacingOccurrences(of: "\u{600}", with: "\\u0600")
        let schema = try SchemaParser.parseOrThrow(
            source: """
                type Note @model @auth(rules: [{allow: public}]) {
                  body: String @default(value: "\(escaped)")
                  label: String @refersTo(name: "la\\"\u{301}bel")
                }
                """)
        let plan = MigrationDiff.plan(from: StorageSchema(tables: []), to: StorageMapping.storage(for: schema))
        _ = try await client.withConnection { try $0.execute(plan.sql(header: "")) }
        _ = try await client.withConnection { try $0.execute(#"INSERT INTO "Note" (id) VALUES ('n')"#) }
        #expect(try await client.query(#"SELECT body FROM "Note""#).scalar == payload)
        #expect(try await client.query("SELECT count(*) FROM victim").scalar == "0")
        #expect(try await client.query("SELECT count(*) FROM pg_attribute WHERE attname = $1", ["la\"\u{301}bel"]).scalar == "1")
    }
}

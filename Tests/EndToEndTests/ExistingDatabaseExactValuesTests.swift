import Foundation
import Postgres
import Testing

/// A value is stored exactly as sent or refused: on an existing database's columns PostgreSQL would round a
/// `numeric(p, s)`, keep a `real` in single precision, pad a `char(n)` and cut a `varchar(n)`'s excess
/// trailing spaces, all silently; ModelGraph refuses such values with a `ValidationError` and writes nothing.
/// An `Int` field on a `bigint` column holding a value beyond GraphQL's 32-bit `Int` answers an error for
/// that field instead of a number clients cannot hold.
@Suite(.serialized) struct ExistingDatabaseExactValuesTests {
    static let tables = """
        CREATE TABLE measures (
          code char(3) PRIMARY KEY,
          amount numeric(5, 2),
          ratio real,
          big bigint,
          label varchar(4),
          amounts numeric(4, 1)[]
        );
        INSERT INTO measures (code, big) VALUES ('BIG', 5000000000);
        """

    static let schema = """
        input AMPLIFY { engine: String = "postgres" globalAuthRule: AuthRule = { allow: public } }
        type Measure @model(timestamps: null) @refersTo(name: "measures") {
          code: String! @primaryKey
          amount: Float
          ratio: Float
          big: Int
          label: String
          amounts: [Float]
        }
        """

    @Test func refusesWhatAColumnWouldNotKeepExactly() async throws {
        let conninfo = try await ExistingDatabaseTests.makeExistingDatabase()
        let client = PostgresClient(configuration: .init(conninfo: conninfo, connections: 1))
        _ = try await client.withConnection { try $0.execute(Self.tables) }
        client.shutdown()
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.schema.write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let serve = try await ServeProcess.start(in: folder, arguments: ["--database-url", conninfo])
        defer { serve.process.terminate() }
        let key = try serve.apiKey()

        // Values each column keeps exactly are stored and read back as sent.
        let (_, exact) = try await serve.graphQL(
            #"mutation { createMeasure(input: { code: "ABC", amount: 123.45, ratio: 0.1, big: 7, label: "abcd", amounts: [1.5, -999.9] }) { code amount ratio big label amounts } }"#,
            key: key)
        #expect(exact.contains(#""code":"ABC","amount":123.45,"ratio":0.1,"big":7,"label":"abcd","amounts":[1.5,-999.9]"#), "\(exact)")

        let refusals: [(String, String)] = [
            (#"amount: 1.234"#, "Value for 'Measure.amount' has more than 2 decimals, which numeric(5,2) would round away"),
            (#"amount: 1234.5"#, "Value for 'Measure.amount' has more digits than numeric(5,2) holds (at most 3 before the decimal point)"),
            (#"ratio: 0.123456789"#, "Value for 'Measure.ratio' has more precision than its column's type, real (single precision), keeps"),
            (#"ratio: 1e300"#, "Value for 'Measure.ratio' is beyond the range of its column's type, real (single precision)"),
            (#"label: "abcd ""#, "Value for 'Measure.label' has 5 characters; its column is character varying(4)"),
            (#"amounts: [1.5, 2.25]"#, "Value for 'Measure.amounts' has more than 1 decimal, which numeric(4,1) would round away"),
        ]
        for (index, (field, message)) in refusals.enumerated() {
            let (_, body) = try await serve.graphQL("mutation { createMeasure(input: { code: \"R\(index)X\", \(field) }) { code } }", key: key)
            #expect(body.contains(message) && body.contains(#""errorType":"ValidationError""#), "\(field): \(body)")
        }
        let (_, short) = try await serve.graphQL(#"mutation { createMeasure(input: { code: "AB" }) { code } }"#, key: key)
        #expect(short.contains("has 2 characters; its column is character(3), which would pad it with spaces (send exactly 3)"), "\(short)")
        let (_, update) = try await serve.graphQL(#"mutation { updateMeasure(input: { code: "ABC", amount: 0.001 }) { code } }"#, key: key)
        #expect(update.contains("has more than 2 decimals"), "\(update)")
        // Nothing was written.
        let (_, list) = try await serve.graphQL(#"{ listMeasures { items { code amount } } }"#, key: key)
        #expect(list.contains(#""code":"ABC","amount":123.45"#) && list.contains(#""code":"BIG""#), "\(list)")
        #expect(!list.contains("R0X") && !list.contains("R5X") && !list.contains(#""AB""#), "\(list)")

        // A bigint beyond GraphQL's Int: an error for that field, in the contract's shape, never a wrong number.
        let (_, big) = try await serve.graphQL(#"{ getMeasure(code: "BIG") { code big } }"#, key: key)
        #expect(big.contains(#""getMeasure":null"#), "\(big)")
        #expect(big.contains("A stored value cannot be returned as its field's type (GraphQL's Int is 32-bit): integer out of range."), "\(big)")
        #expect(big.contains(#""errorType":"ValidationError""#) && !big.contains("5000000000"), "\(big)")
        let (_, small) = try await serve.graphQL(#"{ getMeasure(code: "ABC") { big } bigCode: getMeasure(code: "BIG") { code } }"#, key: key)
        #expect(small.contains(#""getMeasure":{"big":7}"#) && small.contains(#""bigCode":{"code":"BIG"}"#) && !small.contains("errors"), "\(small)")
    }
}

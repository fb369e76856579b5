import Foundation
import Testing

/// `modelgraph plan` on a schema that maps an existing database: with a database URL it binds the schema to the
/// tables' column types as `serve` does, so the printed casts are the ones served; without one it says that
/// its casts assume ModelGraph's own storage mapping.
@Suite(.serialized) struct ExistingDatabasePlanTests {
    static let schema = """
        input AMPLIFY { engine: String = "postgres" globalAuthRule: AuthRule = { allow: public } }
        type Shipment @model(timestamps: null) @refersTo(name: "shipments") {
          id: ID! @primaryKey
          lineNo: Int! @refersTo(name: "line_no")
          orderNo: Int! @refersTo(name: "order_no")
          shippedOn: AWSDate @refersTo(name: "shipped_on")
        }
        """

    @Test func plansWithTheColumnTypesWhenADatabaseIsGiven() async throws {
        let conninfo = try await ExistingDatabaseTests.makeExistingDatabase()
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.schema.write(to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let query = #"{ getShipment(id: "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11") { id lineNo } }"#

        let (status, bound, error) = try await CommandLineTests.run(["plan", "--query", query, "--database-url", conninfo], in: folder)
        #expect(status == 0, "\(error)")
        #expect(bound.hasPrefix("-- planned with the column types of the tables in PostgreSQL schema public"), "\(bound)")
        #expect(bound.contains("::uuid") && bound.contains(#""public"."shipments""#), "\(bound)")

        let (plainStatus, plain, plainError) = try await CommandLineTests.run(["plan", "--query", query], in: folder, environment: ["DATABASE_URL": ""])
        #expect(plainStatus == 0, "\(plainError)")
        #expect(plain.hasPrefix("-- schema.graphql maps an existing database, but no --database-url (or DATABASE_URL) was given"), "\(plain)")
        #expect(plain.contains("assume ModelGraph's own storage mapping") && !plain.contains("::uuid"), "\(plain)")

        // A schema that does not match the tables stops plan as it stops serve.
        try Self.schema.replacingOccurrences(of: "line_no", with: "no_such_column").write(
            to: folder.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        let (badStatus, _, badError) = try await CommandLineTests.run(["plan", "--query", query, "--database-url", conninfo], in: folder)
        #expect(badStatus == 1 && badError.contains("Shipment.lineNo → shipments.no_such_column: no such column"), "\(badError)")
    }
}

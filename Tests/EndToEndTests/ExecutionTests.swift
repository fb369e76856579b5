import APISchema
import Execution
import Foundation
import Logging
import Planner
import SchemaParser
import TestSupport
import Testing

/// The execution core on its own, as a transport other than HTTP uses it: a request in, a typed result out.
@Suite("Execution without a transport")
struct ExecutionTests {
    static func object(_ json: String?) -> [String: Any]? {
        json.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test("queries, mutations and introspection give a typed result: kind, name, data, errors, database errors")
    func typedResults() async throws {
        let server = try await LiveServer.start(schema: "schema")
        defer { server.stop() }
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("schema"))
        var logger = Logger(label: "execution")
        logger.logLevel = .critical
        let executor = GraphQLExecutor(planner: OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema))), runner: server.client, logger: logger)
        let origin = RequestOrigin(requestID: "request-1")

        let create = OperationRequest(query: #"mutation Make { createTeam(input: {id: "t", mantra: "m"}) { id mantra } }"#)
        let created = await executor.run(create, origin: origin)
        #expect(created.kind == .mutation && created.operationName == "Make" && !created.failed)
        #expect(Self.object(created.data)?["createTeam"] as? [String: String] == ["id": "t", "mantra": "m"])
        #expect(Self.object(created.json)?["errors"] == nil)

        let read = await executor.run(OperationRequest(query: "query($id: ID!) { getTeam(id: $id) { mantra } }", variables: ["id": .string("t")]), origin: origin)
        #expect(read.kind == .query && read.operationName == nil && !read.failed)
        #expect((Self.object(read.data)?["getTeam"] as? [String: String])?["mantra"] == "m")

        let again = await executor.run(create, origin: origin)
        #expect(again.failed && again.databaseErrors == 1)
        #expect(again.errors.first?.errorType == "DynamoDB:ConditionalCheckFailedException" && again.errors.first?.path == ["createTeam"])
        #expect(again.errors.first?.message.contains("request-1") == true)

        let introspection = OperationRequest(query: "{ __schema { queryType { name } } }")
        let schemaResult = await executor.run(introspection, origin: origin)
        #expect(schemaResult.kind == .introspection && !schemaResult.failed)
        #expect(((Self.object(schemaResult.data)?["__schema"] as? [String: Any])?["queryType"] as? [String: String])?["name"] == "Query")
        let disabled = await executor.run(introspection, origin: origin, introspection: false)
        #expect(disabled.errors.first?.errorType == "IntrospectionDisabled" && disabled.data == nil)

        // A refused document has no operation to read a name from; the name the request gives is kept.
        let refused = await executor.run(OperationRequest(query: "query Broken { nope }", operationName: "Broken"), origin: origin)
        #expect(refused.kind == nil && refused.failed && refused.data == nil && refused.operationName == "Broken")
        #expect(executor.kind(of: OperationRequest(query: "mutation { deleteTeam(input: {id: \"t\"}) { id } }")) == .mutation)
    }
}

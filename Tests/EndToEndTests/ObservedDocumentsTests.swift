import APISchema
import Foundation
import JSON
import ModelIR
import Planner
import Realtime
import SchemaParser
import TestSupport
import Testing

/// The GraphQL documents the real Amplify JavaScript libraries sent in a run against ModelGraph (the Gen 2 data
/// client and DataStore on two devices; `Tests/Fixtures/amplify-js/`, recorded by the real-client oracle), sent
/// again to a server of the same schema: the client's exactly as it sent them, over HTTP and WebSocket; DataStore's
/// (whose flows depend on conflicts between devices) planned against the schema with conflict detection.
@Suite("Documents the real Amplify clients sent")
struct ObservedDocumentsTests {
    /// One recorded document: sent over HTTP or as a subscription, with the variables it was sent with.
    struct Recorded {
        var subscription: Bool
        var document: String
        var variables: JSONValue
    }

    /// The documents of a recording: each a document (as a JSON string, or as plain lines) followed by its
    /// `variables:` line; the list of server answers that may follow is not read.
    static func documents(_ file: String) throws -> [Recorded] {
        let text = try String(contentsOf: Fixtures.folder().appendingPathComponent("amplify-js/\(file)"), encoding: .utf8)
        var result: [Recorded] = []
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("# Server answers") { break }
            if line.hasPrefix("---") || line.hasPrefix("#") || line.isEmpty {
                lines = []
                continue
            }
            guard line.hasPrefix("variables: ") else {
                lines.append(line)
                continue
            }
            var document = lines.joined(separator: "\n")
            if document.hasPrefix("\""), case .string(let decoded) = try JSONReader.parse(Array(document.utf8)) { document = decoded }
            let variables = try JSONReader.parse(Array(line.dropFirst("variables: ".count).utf8))
            result.append(Recorded(subscription: document.hasPrefix("subscription"), document: document, variables: variables))
            lines = []
        }
        return result
    }

    static func jsonObject(_ value: JSONValue) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(JSONText.encode(value).utf8)) as? [String: Any] ?? [:]
    }

    @Test("the Gen 2 data client's documents, sent again in the recorded order, are answered without errors")
    func gen2Client() async throws {
        let recorded = try Self.documents("observed-documents.txt")
        #expect(recorded.count == 20)
        let server = try await LiveServer.start(schema: "team-members", realtime: RealtimeSettings())
        defer { server.stop() }
        // The records the recording's variables name existed on the server it ran against: make them again.
        var teams: [String] = [], members: [String] = []
        for item in recorded {
            let text = JSONText.encode(item.variables)
            for id in text.split(separator: "\"").map(String.init) where id.count == 36 && id.filter({ $0 == "-" }).count == 4 {
                let isMember = item.document.contains("Member(input") && item.variables["input"]?["id"] == .string(id)
                if isMember { if !members.contains(id) { members.append(id) } } else if !teams.contains(id) { teams.append(id) }
            }
        }
        for id in teams { try await server.seed(#"mutation { createTeam(input: {id: "\#(id)", mantra: "seeded"}) { id } }"#) }
        for id in members { try await server.seed(#"mutation { createMember(input: {id: "\#(id)", name: "seeded"}) { id } }"#) }

        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        try await socket.initialize()
        for (index, item) in recorded.enumerated() {
            if item.subscription {
                socket.start("s\(index)", query: item.document, variables: try Self.jsonObject(item.variables))
                // Events of the earlier subscriptions may come first; an error for this one fails the test.
                var answer = try await socket.next()
                while answer["type"] as? String == "data" { answer = try await socket.next() }
                #expect(answer["type"] as? String == "start_ack" && answer["id"] as? String == "s\(index)", "\(item.document): \(answer)")
            } else {
                let answer = try await server.graphQL(item.document, variables: try Self.jsonObject(item.variables))
                #expect(answer["errors"] == nil, "\(item.document)\n\(answer)")
            }
        }
    }

    @Test("DataStore's documents plan against the schema with conflict detection, each without an error")
    func dataStore() throws {
        let recorded = try Self.documents("datastore-observed-documents.txt")
        #expect(recorded.count == 20)
        let schema = try SchemaParser.parseOrThrow(source: Fixtures.schemaSource("team-members")).enablingConflictDetection(ConflictDetection(handler: .automerge))
        let planner = OperationPlanner(view: APISchemaView(api: try APISchema.build(from: schema)))
        for item in recorded {
            var variables: [String: InputValue] = [:]
            if case .object(let members) = item.variables { for (name, value) in members { variables[name] = InputValue(value) } }
            if item.subscription {
                #expect(throws: Never.self, "\(item.document)") { _ = try planner.planSubscription(query: item.document, operationName: nil, inputs: variables) }
            } else {
                let plan = try planner.plan(query: item.document, operationName: nil, inputs: variables)
                for (key, field) in plan.fields {
                    if case .failure(let error) = field { Issue.record("\(key): \(error.message)\n\(item.document)") }
                }
            }
        }
    }
}

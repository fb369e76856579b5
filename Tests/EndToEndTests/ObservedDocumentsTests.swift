import Foundation
import JSON
import ModelIR
import Realtime
import TestSupport
import Testing

/// The GraphQL documents the real Amplify JavaScript libraries sent in a run against ModelGraph (the Gen 2 data
/// client and DataStore on two devices; `Tests/Fixtures/amplify-js/`, recorded by the real-client oracle), sent
/// again over HTTP and WebSocket to a server of the same schema (with conflict detection for DataStore's).
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

    /// DataStore's mutations in the order the two devices' run made them (the recording lists documents by where
    /// they were first seen): A creates, B edits the member, A deletes it at the version B's edit made and edits
    /// the team from a stale version (merged), X deletes a team.
    static let dataStoreMutationOrder = ["createTeam", "createMember", "updateMember", "deleteMember", "updateTeam", "deleteTeam"]

    @Test("DataStore's documents, sent again to a server with conflict detection in the order of the run, are answered without errors")
    func dataStore() async throws {
        let recorded = try Self.documents("datastore-observed-documents.txt")
        #expect(recorded.count == 20)
        let server = try await LiveServer.start(schema: "team-members", realtime: RealtimeSettings(), conflictDetection: ConflictDetection(handler: .automerge))
        defer { server.stop() }
        let mutationRank = { (item: Recorded) in Self.dataStoreMutationOrder.firstIndex { item.document.contains("  \($0)(input") } }
        let mutations = recorded.filter { $0.document.hasPrefix("mutation") }.sorted { (mutationRank($0) ?? 99) < (mutationRank($1) ?? 99) }
        #expect(mutations.map { mutationRank($0) } == Array(0..<6))

        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        try await socket.initialize()
        for (index, item) in recorded.enumerated() where !item.document.hasPrefix("mutation") {
            if item.subscription {
                socket.start("s\(index)", query: item.document, variables: try Self.jsonObject(item.variables))
                let answer = try await socket.next()
                #expect(answer["type"] as? String == "start_ack" && answer["id"] as? String == "s\(index)", "\(item.document): \(answer)")
            } else {
                let answer = try await server.graphQL(item.document, variables: try Self.jsonObject(item.variables))
                #expect(answer["errors"] == nil, "\(item.document)\n\(answer)")
            }
        }
        for item in mutations {
            var variables = try Self.jsonObject(item.variables)
            if item.document.contains("deleteTeam(input") {
                // The run's X device deleted a team it had never synced, without its version: AppSync's answer is
                // ConflictUnhandled with the server's record, which DataStore hands to its conflict handler.
                let id = try #require((variables["input"] as? [String: Any])?["id"] as? String)
                try await server.seed(#"mutation { createTeam(input: {id: "\#(id)", mantra: "cascade"}) { id } }"#)
                let refused = try await server.graphQL(item.document, variables: variables)
                let error = try #require((refused["errors"] as? [[String: Any]])?.first)
                #expect(error["errorType"] as? String == "ConflictUnhandled" && (error["data"] as? [String: Any])?["id"] as? String == id, "\(refused)")
                variables["input"] = ["id": id, "_version": 1]
            }
            let answer = try await server.graphQL(item.document, variables: variables)
            #expect(answer["errors"] == nil, "\(item.document)\n\(answer)")
        }
    }
}

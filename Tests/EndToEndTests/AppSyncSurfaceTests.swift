import APISchema
import Foundation
import TestSupport
import Testing

/// `--appsync`: the command line prints, and a server serves, exactly AppSync's API: the AppSync goldens of
/// the API schema tests, which predate the extensions.
@Suite("AppSync surface")
struct AppSyncSurfaceTests {
    /// The AppSync golden of the fixture `name`.
    static func appSyncGolden(_ name: String) throws -> String {
        let url = Fixtures.folder().appendingPathComponent("../APISchemaTests/Goldens/\(name).graphql").standardizedFileURL
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("print-schema --appsync and MODELGRAPH_APPSYNC=1 print the AppSync golden; validate accepts the flag")
    func printSchema() async throws {
        let golden = try Self.appSyncGolden("schema")
        let (status, output, errors) = try await CommandLineTests.run(["print-schema", "--appsync", "--schema", "schema.graphql"])
        #expect(status == 0, "\(errors)")
        #expect(output == golden)
        let (environmentStatus, fromEnvironment, _) = try await CommandLineTests.run(
            ["print-schema", "--schema", "schema.graphql"], environment: ["MODELGRAPH_APPSYNC": "1"])
        #expect(environmentStatus == 0)
        #expect(fromEnvironment == golden)
        let (validateStatus, validated, _) = try await CommandLineTests.run(["validate", "--appsync", "--schema", "schema.graphql"])
        #expect(validateStatus == 0)
        #expect(validated.contains("OK"))
    }

    @Test("a server started for the AppSync surface introspects as the AppSync golden")
    func introspection() async throws {
        let server = try await LiveServer.start(schema: "schema", surface: .appSync)
        defer { server.stop() }
        let response = try await server.graphQL(Self.introspectionQuery)
        #expect(response["errors"] == nil, "\(response)")
        let served = try #require(value(response, "data", "__schema", "types") as? [[String: Any]])
        let golden = Self.members(ofSDL: try Self.appSyncGolden("schema"))
        #expect(golden.count > 20)
        #expect(Self.members(ofIntrospection: served) == golden)
    }

    static let introspectionQuery = """
        { __schema { types { kind name
            fields { name args { name type { ...T } } type { ...T } }
            inputFields { name type { ...T } }
            enumValues { name } } } }
        fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }
        """

    /// Every named type (introspection and GraphQL's own scalars aside) with its members: `field(a: T, b: U): V`
    /// (arguments sorted), `field(): V` for an input field, the value for an enum.
    static func members(ofIntrospection types: [[String: Any]]) -> [String: Set<String>] {
        func spelled(_ type: Any?) -> String {
            guard let type = type as? [String: Any] else { return "?" }
            switch type["kind"] as? String {
            case "NON_NULL": return spelled(type["ofType"]) + "!"
            case "LIST": return "[" + spelled(type["ofType"]) + "]"
            default: return type["name"] as? String ?? "?"
            }
        }
        var result: [String: Set<String>] = [:]
        for type in types {
            guard let name = type["name"] as? String, !name.hasPrefix("__"), !builtIn.contains(name) else { continue }
            var members: Set<String> = []
            for field in type["fields"] as? [[String: Any]] ?? [] {
                let arguments = (field["args"] as? [[String: Any]] ?? []).map { "\($0["name"] as? String ?? "?"): \(spelled($0["type"]))" }.sorted()
                members.insert("\(field["name"] as? String ?? "?")(\(arguments.joined(separator: ", "))): \(spelled(field["type"]))")
            }
            for field in type["inputFields"] as? [[String: Any]] ?? [] {
                members.insert("\(field["name"] as? String ?? "?")(): \(spelled(field["type"]))")
            }
            for value in type["enumValues"] as? [[String: Any]] ?? [] { members.insert(value["name"] as? String ?? "?") }
            result[name] = members
        }
        return result
    }

    /// The same for printed SDL (one definition per block, one member per line, as the API printer writes).
    static func members(ofSDL sdl: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for block in sdl.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n").map(String.init)
            let head = lines[0].split(separator: " ")
            guard head.count >= 2, ["type", "input", "enum", "scalar"].contains(head[0]) else { continue }
            result[String(head[1])] = Set(lines.dropFirst().dropLast().map { member($0.trimmingCharacters(in: .whitespaces), isEnum: head[0] == "enum") })
        }
        return result
    }

    /// One SDL member line in the form `members(ofIntrospection:)` writes.
    static func member(_ line: String, isEnum: Bool) -> String {
        if isEnum { return line }
        let colon = line.firstIndex(of: ":")!
        var name = line[..<colon]
        var arguments: [String] = []
        var rest = line[colon...]
        if let open = line.firstIndex(of: "("), open < colon {
            let close = line.firstIndex(of: ")")!
            name = line[..<open]
            arguments = line[line.index(after: open)..<close].components(separatedBy: ", ").sorted()
            rest = line[line.index(after: close)...]
        }
        let type = rest.dropFirst(2).split(separator: " ")[0]
        return "\(name)(\(arguments.joined(separator: ", "))): \(type)"
    }

    static let builtIn: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
}

import Execution
import Foundation
import Functions
import JSON
import Realtime
import Testing

/// Fields of models answered by functions (`@function` on a model's field): each record's value comes from its
/// functions, called with the record as `source`, wherever the model is read (gets, lists, nested pages, a
/// mutation's answer), with the field's arguments; a failed call nulls only its field.
@Suite("Custom operations: field resolvers")
struct CustomFieldResolverTests {
    /// `greet` greets the record's name in the asked language (and fails for "Broken"), `stats` counts the bio's
    /// words, `blurb` then `shout` make a pipeline.
    static func script(_ name: String, _ event: JSONValue) async -> FunctionServer.Reply {
        let source = event["source"] ?? .null
        switch name {
        case "greet":
            guard case .string(let who)? = source["name"], who != "Broken" else { return .lambdaError(type: "GreetingFailed", message: "No greeting for that one.") }
            let hello = event["arguments"]?["language"] == .string("fr") ? "Bonjour" : "Hello"
            return .json(JSONText.encode(.string("\(hello), \(who)")))
        case "stats":
            let words = source["bio"]?.stringValue?.split(separator: " ").count ?? 0
            return .json(JSONText.encode(.object([("words", .int(words)), ("mood", .string("HAPPY"))])))
        case "blurb": return .json(JSONText.encode(.string("read \(source["title"]?.stringValue ?? "?")")))
        case "shout": return .json(JSONText.encode(.string((event["prev"]?["result"]?.stringValue ?? "").uppercased())))
        default: return .status(404, "no such function")
        }
    }

    static func start() async throws -> (LiveServer, FunctionServer) {
        let functions = try await FunctionServer.start(Self.script)
        let names = ["greet", "stats", "blurb", "shout"]
        let invoker = HTTPFunctions(endpoints: Dictionary(uniqueKeysWithValues: names.map { ($0, functions.url($0)) }))
        let server = try await LiveServer.start(schema: "custom-field-resolvers", realtime: RealtimeSettings(), functions: invoker)
        try await server.seed(
            #"mutation { a: createAuthor(input: {id: "a1", name: "Ann", bio: "writes short books"}) { id } b: createAuthor(input: {id: "a2", name: "Broken"}) { id } }"#)
        try await server.seed(
            #"mutation { a: createBook(input: {id: "b1", title: "Dune", authorBooksId: "a1"}) { id } b: createBook(input: {id: "b2", title: "Emma", authorBooksId: "a1"}) { id } }"#
        )
        return (server, functions)
    }

    @Test("a get: each field's functions called with the record as source and the field's arguments; a non-model answer, a pipeline, nested records")
    func get() async throws {
        let (server, functions) = try await Self.start()
        defer { server.stop(); functions.stop() }
        let answer = try await server.graphQL(
            #"{ getAuthor(id: "a1") { name greeting(language: "fr") stats { words mood } books(sortDirection: ASC) { items { title blurb } } } }"#)
        #expect(
            RealtimeGraphQLWSTests.json(answer)
                == #"{"data":{"getAuthor":{"books":{"items":[{"blurb":"READ DUNE","title":"Dune"},{"blurb":"READ EMMA","title":"Emma"}]},"greeting":"Bonjour, Ann","name":"Ann","stats":{"mood":"HAPPY","words":3}}}}"#
        )
        let event = try #require(await functions.calls.events("greet").first)
        #expect(event["typeName"] == .string("Author") && event["fieldName"] == .string("greeting"))
        #expect(event["arguments"] == .object([("language", .string("fr"))]))
        #expect(event["source"]?["id"] == .string("a1") && event["source"]?["bio"] == .string("writes short books"))
        #expect(event["source"]?["createdAt"]?.stringValue?.hasSuffix("Z") == true)
        #expect(event["info"]?["parentTypeName"] == .string("Author"))
        let shouts = await functions.calls.events("shout")
        // The records' calls run concurrently: in any order.
        #expect(shouts.compactMap { $0["prev"]?["result"]?.stringValue }.sorted() == ["read Dune", "read Emma"])
    }

    @Test("a list: one call per record, a variable argument bound afresh when the plan is reused; a failed call nulls only its record's field")
    func list() async throws {
        let (server, functions) = try await Self.start()
        defer { server.stop(); functions.stop() }
        let query = "query($l: String) { listAuthors { items { id greeting(language: $l) } } }"
        for (language, hello) in [("fr", "Bonjour"), ("en", "Hello")] {
            let answer = try await server.graphQL(query, variables: ["l": language])
            let items = try #require(value(answer, "data", "listAuthors", "items") as? [[String: Any]])
            let byID = Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as? String ?? "", $0["greeting"]) })
            #expect(byID["a1"] as? String == "\(hello), Ann", "\(answer)")
            #expect(byID["a2"] is NSNull)
            let errors = try #require(answer["errors"] as? [[String: Any]])
            #expect(errors.count == 1 && errors[0]["errorType"] as? String == "GreetingFailed", "\(errors)")
            let index = items.firstIndex { $0["id"] as? String == "a2" } ?? -1
            #expect(RealtimeGraphQLWSTests.json(errors[0]["path"] ?? "") == #"["listAuthors","items",\#(index),"greeting"]"#)
        }
        #expect(await functions.calls.events("greet").count == 4)
    }

    @Test("a mutation's answer calls the functions for the written record; a subscription that selects such a field is refused with why")
    func mutationAndSubscription() async throws {
        let (server, functions) = try await Self.start()
        defer { server.stop(); functions.stop() }
        let created = try await server.graphQL(#"mutation { createAuthor(input: {id: "a3", name: "Cy", bio: "one"}) { id greeting stats { words } } }"#)
        #expect(RealtimeGraphQLWSTests.json(created) == #"{"data":{"createAuthor":{"greeting":"Hello, Cy","id":"a3","stats":{"words":1}}}}"#)
        let socket = RealtimeTestClient.connect(server.realtimeURL, headers: ["x-api-key": server.key])
        defer { socket.close() }
        try await socket.initialize()
        socket.start("s", query: "subscription { onCreateAuthor { id greeting } }")
        let errors = RealtimeAppSyncErrorTests.errors(try await socket.next(), id: "s")
        #expect((errors.first?["message"] as? String)?.hasPrefix("Author.greeting is answered by a function") == true, "\(errors)")
    }
}

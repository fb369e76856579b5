import Foundation
import JSON
import TestSupport
import Testing

/// One seed example of `examples/` as the auth variant tests drive it: a model with a plain create, and (where the
/// example has a relationship) the mutations that make a child record of it and the selection that reads it back.
/// In the texts, `$K` stands for the record's key value, `$P` for its parent's and `$C` for the child's id.
struct AuthExample: Sendable, CustomTestStringConvertible {
    let file: String
    let model: String
    let list: String
    let key: String
    /// The fields of the create input.
    let input: String
    /// The arguments of `get<model>`.
    let getArguments: String
    /// Mutations that create child `$C` of parent `$P`; empty when the example relates nothing to `model`.
    var child: [String] = []
    /// The selection on `model` that shows its children.
    var nested: String = ""

    var testDescription: String { file }

    /// The schema of `examples/<file>`, read from the repository.
    var source: String {
        get throws { try String(contentsOf: CommandLineTests.root.appendingPathComponent("examples/\(file)"), encoding: .utf8) }
    }

    static let all: [AuthExample] = [
        AuthExample(
            file: "author-editor.graphql", model: "Person", list: "listPeople", key: "id", input: #"id: "$K", name: "n""#, getArguments: #"id: "$K""#,
            child: [#"createPost(input: {id: "$C", title: "t", content: "c", authorId: "$P"}) { id }"#], nested: "authoredPosts { items { id } }"),
        AuthExample(
            file: "blog-implicit.graphql", model: "Post", list: "listPosts", key: "id", input: #"id: "$K", title: "t", rating: 1, status: ACTIVE"#,
            getArguments: #"id: "$K""#, child: [#"createComment(input: {id: "$C", content: "c", postCommentsId: "$P"}) { id }"#],
            nested: "comments { items { id } }"),
        AuthExample(
            file: "composite-references.graphql", model: "Person", list: "listPeople", key: "name", input: #"name: "$K", dateOfBirth: "2000-01-01""#,
            getArguments: #"name: "$K", dateOfBirth: "2000-01-01""#,
            child: [#"createPost(input: {id: "$C", title: "t", content: "c", authorName: "$P", authorDoB: "2000-01-01"}) { id }"#],
            nested: "authoredPosts { items { id } }"),
        AuthExample(
            file: "custom-primary-keys.graphql", model: "Book", list: "listBooks", key: "isbn", input: #"isbn: "$K", title: "t""#, getArguments: #"isbn: "$K""#),
        AuthExample(
            file: "customer-cart.graphql", model: "Customer", list: "listCustomers", key: "id", input: #"id: "$K", name: "n""#, getArguments: #"id: "$K""#,
            child: [#"createCart(input: {id: "$C", items: ["x"], customerId: "$P"}) { id }"#], nested: "activeCart { id }"),
        AuthExample(
            file: "objectbox-style.graphql", model: "Customer", list: "listCustomers", key: "id", input: #"id: "$K", name: "n""#, getArguments: #"id: "$K""#,
            child: [#"createOrder(input: {id: "$C", summary: "s", customerId: "$P"}) { id }"#], nested: "orders { items { id } }"),
        AuthExample(
            file: "post-tags.graphql", model: "Post", list: "listPosts", key: "id", input: #"id: "$K", title: "t""#, getArguments: #"id: "$K""#,
            child: [#"createTag(input: {id: "$C-tag", name: "n"}) { id }"#, #"createPostTag(input: {id: "$C", postId: "$P", tagId: "$C-tag"}) { id }"#],
            nested: "tags { items { id } }"),
        AuthExample(
            file: "team-members.graphql", model: "Team", list: "listTeams", key: "id", input: #"id: "$K", mantra: "m""#, getArguments: #"id: "$K""#,
            child: [#"createMember(input: {id: "$C", name: "n", teamId: "$P"}) { id }"#], nested: "members { items { id } }"),
    ]
}

/// What replaces every `{ allow: public }` of an example (the global rule's too).
enum AuthVariant: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case owner, `private`, groups

    var rule: String {
        switch self {
        case .owner: "{ allow: owner }"
        case .private: "{ allow: private }"
        case .groups: #"{ allow: groups, groups: ["Staff"] }"#
        }
    }

    var testDescription: String { rawValue }

    /// `source` with every public rule replaced by this variant's; throws when there was none or one is left.
    func schema(_ source: String) throws -> String {
        let replaced = source.replacingOccurrences(of: "{ allow: public }", with: rule)
        guard replaced != source, !replaced.contains("allow: public") else { throw CocoaError(.fileReadCorruptFile) }
        return replaced
    }
}

/// An example's variant under `modelgraph serve`, and the requests its tests send.
struct ExampleAuthServer {
    let server: SignedInServe
    let example: AuthExample

    /// Serve on `variant` of `example` (its migration generated first), user pools by default, API keys beside.
    static func start(_ example: AuthExample, _ variant: AuthVariant) async throws -> ExampleAuthServer {
        let schema = try variant.schema(example.source)
        let server = try await SignedInServe.start(schema: schema)
        return ExampleAuthServer(server: server, example: example)
    }

    func stop() { server.stop() }

    /// The headers of user `name` (subject `sub-<name>`) in `groups`.
    func user(_ name: String, groups: [String] = []) throws -> [String: String] {
        let claims = TokenMinter.claims(
            subject: "sub-\(name)", [("cognito:username", .string(name)), ("cognito:groups", groups.isEmpty ? .null : .list(groups.map(JSONValue.string)))])
        return ["Authorization": try server.minter.token(claims)]
    }

    /// The headers of a request with serve's API key.
    func apiKey() throws -> [String: String] { ["x-api-key": try server.serve.apiKey()] }

    /// The answer to `query`, parsed, and its text for messages.
    func post(_ query: String, _ headers: [String: String]) async throws -> (json: Any, text: String) {
        let answer = try await server.post(query, headers: headers)
        return (try JSONSerialization.jsonObject(with: answer.body), answer.text)
    }

    /// Creates record `key`.
    func create(_ key: String, _ headers: [String: String]) async throws -> (json: Any, text: String) {
        let input = example.input.replacingOccurrences(of: "$K", with: key)
        return try await post("mutation { create\(example.model)(input: {\(input)}) { \(example.key) } }", headers)
    }

    /// Creates child `child` of record `parent`; throws when a mutation has an error.
    func createChild(_ child: String, of parent: String, _ headers: [String: String]) async throws {
        for mutation in example.child {
            let answer = try await post("mutation { " + mutation.replacingOccurrences(of: "$C", with: child).replacingOccurrences(of: "$P", with: parent) + " }", headers)
            if value(answer.json, "errors") != nil { throw LiveServerError("creating a child failed: \(answer.text)") }
        }
    }

    /// Gets record `key` with `selection` beside its key.
    func get(_ key: String, _ headers: [String: String], selection: String = "") async throws -> (json: Any, text: String) {
        try await post("{ get\(example.model)(\(example.getArguments.replacingOccurrences(of: "$K", with: key))) { \(example.key) \(selection) } }", headers)
    }

    /// Lists records with `arguments` (empty or `(limit: 1)`, say) and `selection` beside their keys.
    func list(_ headers: [String: String], arguments: String = "", selection: String = "") async throws -> (json: Any, text: String) {
        try await post("{ \(example.list)\(arguments) { items { \(example.key) \(selection) } nextToken } }", headers)
    }

    /// The keys of a list's items; nil when the list is not there.
    func keys(_ listed: (json: Any, text: String)) -> [String]? {
        (value(listed.json, "data", example.list, "items") as? [[String: Any]])?.map { $0[example.key] as? String ?? "?" }
    }

    /// Whether `answer` is `field` refused: data null and one `Unauthorized` error naming it.
    func isUnauthorized(_ answer: (json: Any, text: String), _ field: String, on type: String) -> Bool {
        value(answer.json, "data", field) is NSNull && errorType(answer.json) == "Unauthorized"
            && value(answer.json, "errors", 0, "message") as? String == "Not Authorized to access \(field) on type \(type)"
    }
}

/// One GraphQL operation and how to read its answer: the document (with exactly the selection asked for), its
/// variables, and the root field whose value becomes `R`. Built with `.get`, `.list`, `.create`, `.update` and
/// `.delete`, the generated builders of index queries and custom operations (`.custom`), sent with
/// `APIClient.query` or `mutate`.
public struct GraphQLRequest<R: Sendable>: Sendable {
    /// The document text.
    public let document: String
    /// The variables, by name.
    public let variables: [String: GraphQLValue]
    /// The root field the answer is read from.
    public let responseField: String
    /// Reads the root field's value.
    let decode: @Sendable (GraphQLValue, DecodingContext) throws(ModelGraphError) -> R
    /// Why the request cannot be sent, when a builder found out (builders do not throw, sending does).
    let invalid: ModelGraphError?

    /// A request from its parts: for operations the builders do not cover.
    public init(
        document: String, variables: [String: GraphQLValue] = [:], responseField: String,
        decode: @escaping @Sendable (GraphQLValue, DecodingContext) throws(ModelGraphError) -> R
    ) {
        self.init(document: document, variables: variables, responseField: responseField, decode: decode, invalid: nil)
    }

    init(
        document: String, variables: [String: GraphQLValue], responseField: String,
        decode: @escaping @Sendable (GraphQLValue, DecodingContext) throws(ModelGraphError) -> R, invalid: ModelGraphError?
    ) {
        self.document = document
        self.variables = variables
        self.responseField = responseField
        self.decode = decode
        self.invalid = invalid
    }

    /// A request that fails with `error` when sent.
    static func failing(_ error: ModelGraphError) -> GraphQLRequest {
        GraphQLRequest(document: "", variables: [:], responseField: "", decode: { (_, _) throws(ModelGraphError) -> R in throw error }, invalid: error)
    }

    /// Whether the operation is a query, which only reads and so may be sent again.
    var isQuery: Bool {
        document.drop { $0.isWhitespace }.hasPrefix("query") || document.drop { $0.isWhitespace }.hasPrefix("{")
    }

    /// The HTTP body: `{"query": …, "variables": …}`.
    var body: GraphQLValue {
        .object(["query": .string(document), "variables": .object(variables)])
    }
}

/// Writing documents.
package enum Document {
    /// `query Name($a: T, …) {\n  field(a: $a, …) {\n<selection>\n  }\n}`; the root field takes every argument
    /// unless `rootArguments` names some (the others are the selection's to use). An empty selection (a field of
    /// a scalar or enum type) writes the field without braces.
    package static func operation(
        _ kind: String, field: String, arguments: [(name: String, type: String)], rootArguments: [String]? = nil, selection: [String]
    ) -> String {
        let name = field.prefix(1).uppercased() + field.dropFirst()
        let declarations = arguments.isEmpty ? "" : "(" + arguments.map { "$\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        let passed = rootArguments ?? arguments.map(\.name)
        let uses = passed.isEmpty ? "" : "(" + passed.map { "\($0): $\($0)" }.joined(separator: ", ") + ")"
        guard !selection.isEmpty else { return ["\(kind) \(name)\(declarations) {", "  \(field)\(uses)", "}"].joined(separator: "\n") }
        var lines = ["\(kind) \(name)\(declarations) {", "  \(field)\(uses) {"]
        lines += selection
        lines += ["  }", "}"]
        return lines.joined(separator: "\n")
    }
}

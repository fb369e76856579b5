/// Everything that can go wrong with a request, typed: what the server said (its `errorType`, message and
/// path), an HTTP status without GraphQL errors, a failed connection, or an answer the client cannot read.
public struct ModelGraphError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the error came from.
    public enum Kind: Sendable, Equatable {
        /// The server answered with GraphQL errors (`errors` in the response).
        case graphQL
        /// The server answered with this HTTP status and no GraphQL errors.
        case httpStatus(Int)
        /// The request did not reach the server or no answer came back.
        case transport
        /// The answer could not be read as the request expected.
        case decoding
        /// The request cannot be made: the model lacks the operation, or a value is missing.
        case invalidRequest
    }

    /// One step of a GraphQL error's path: a response key or a list index.
    public enum PathElement: Sendable, Equatable, CustomStringConvertible {
        /// A response key.
        case key(String)
        /// An index in a list.
        case index(Int)

        /// The key, or the index in brackets.
        public var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// Where the error came from.
    public var kind: Kind
    /// The server's `errorType` (`ConditionalCheckFailedException`, `Unauthorized`…), for GraphQL errors.
    public var errorType: String?
    /// What went wrong, in the server's words for GraphQL errors.
    public var message: String
    /// The response path the error belongs to, for GraphQL errors.
    public var path: [PathElement]
    /// The further errors of the same response, after this (the first) one.
    public var otherErrors: [ModelGraphError]

    /// Creates an error.
    public init(kind: Kind, errorType: String? = nil, message: String, path: [PathElement] = [], otherErrors: [ModelGraphError] = []) {
        self.kind = kind
        self.errorType = errorType
        self.message = message
        self.path = path
        self.otherErrors = otherErrors
    }

    /// An answer that could not be read.
    static func decoding(_ message: String) -> ModelGraphError { ModelGraphError(kind: .decoding, message: message) }

    /// A request that cannot be made.
    static func invalidRequest(_ message: String) -> ModelGraphError { ModelGraphError(kind: .invalidRequest, message: message) }

    /// The error type, message and path, on one line.
    public var description: String {
        var text = errorType.map { "\($0): " } ?? ""
        text += message
        if !path.isEmpty { text += " (at \(path.map(\.description).joined(separator: ".")))" }
        if !otherErrors.isEmpty { text += " and \(otherErrors.count) more error(s)" }
        return text
    }

    /// The errors of a response's `errors` list, the first carrying the rest; nil when the list is empty.
    package static func graphQL(_ errors: [GraphQLValue]) -> ModelGraphError? {
        let all = errors.map { error -> ModelGraphError in
            var path: [PathElement] = []
            if case .list(let steps)? = error["path"] {
                for step in steps {
                    switch step {
                    case .string(let key): path.append(.key(key))
                    case .int(let index): path.append(.index(index))
                    default: break
                    }
                }
            }
            var errorType: String?
            if case .string(let type)? = error["errorType"] { errorType = type }
            var message = "unknown error"
            if case .string(let text)? = error["message"] { message = text }
            return ModelGraphError(kind: .graphQL, errorType: errorType, message: message, path: path)
        }
        guard var first = all.first else { return nil }
        first.otherErrors = Array(all.dropFirst())
        return first
    }
}

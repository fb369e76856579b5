/// Real operations against one of the test fixture schemas: the starting points the generator mutates, the
/// records created before fuzzing starts (with fixed ids, so generated requests can name them), and the ids
/// that exist.
public struct Corpus: Sendable {
    /// The fixture's name: `Tests/Fixtures/schemas/<name>.graphql`.
    public var name: String
    /// Mutations run once before fuzzing, creating records with the ids in `ids`.
    public var setup: [String]
    /// The operations.
    public var operations: [CorpusOperation]
    /// Ids of records `setup` creates, by pool name (`post`, `blog`, …).
    public var ids: [String: [String]]

    /// Creates a corpus.
    public init(name: String, setup: [String], operations: [CorpusOperation], ids: [String: [String]]) {
        self.name = name
        self.setup = setup
        self.operations = operations
        self.ids = ids
    }

    /// Every corpus, by fixture name.
    public static let all: [String: Corpus] = [benchBlog.name: benchBlog, catalog.name: catalog]
}

/// One operation of a corpus, with what the generator needs to give it values.
public struct CorpusOperation: Sendable {
    /// A short name for reports.
    public var name: String
    /// The GraphQL document. `«S»` marks where an inline string literal is written (see `inlineEcho`).
    public var document: String
    /// The declared variables and the kind of value each takes.
    public var variables: [(String, VariableKind)]
    /// Whether it changes data (a GET of it must be refused with 405).
    public var isMutation: Bool
    /// A string variable whose value the selection returns at a path under `data`.
    public var echo: (variable: String, path: [String])?
    /// The path under `data` where the `«S»` literal's value comes back.
    public var inlineEcho: [String]?

    /// Creates an operation.
    public init(
        _ name: String, _ document: String, variables: [(String, VariableKind)] = [], isMutation: Bool = false, echo: (variable: String, path: [String])? = nil,
        inlineEcho: [String]? = nil
    ) {
        self.name = name
        self.document = document
        self.variables = variables
        self.isMutation = isMutation
        self.echo = echo
        self.inlineEcho = inlineEcho
    }
}

/// What a variable holds, for making valid values and near-valid hostile ones.
public indirect enum VariableKind: Sendable {
    /// An id from the corpus pool of that name.
    case id(String)
    /// Any text.
    case string
    /// An `Int`.
    case int
    /// A `Float`.
    case float
    /// A `Boolean`.
    case boolean
    /// AWSDate, `YYYY-MM-DD`.
    case date
    /// AWSDateTime.
    case dateTime
    /// AWSJSON: a string holding JSON.
    case json
    /// AWSEmail.
    case email
    /// AWSURL.
    case url
    /// An enum with these values.
    case enumeration([String])
    /// A `nextToken` string.
    case nextToken
    /// A list of values of one kind.
    case list(VariableKind)
    /// An input object: fields, each with its kind and whether it is required.
    case object([(String, VariableKind, Bool)])
}

import Foundation

/// Makes the request of one iteration of a campaign from the seed alone: a document (a corpus operation, maybe
/// mutated, or a hostile one), variables (valid or hostile), and an envelope (JSON POST, `application/graphql`,
/// batch, GET, a broken body, a missing or wrong key).
public struct RequestGenerator: Sendable {
    /// The operations and ids of the schema the server serves.
    public let corpus: Corpus
    /// A valid API key.
    public let apiKey: String
    /// How big hostile values get.
    public let scale: GeneratorScale

    /// Creates a generator.
    public init(corpus: Corpus, apiKey: String, scale: GeneratorScale = .full) {
        self.corpus = corpus
        self.apiKey = apiKey
        self.scale = scale
    }

    /// The request for `iteration` of the campaign started from `seed`; the same on every run and platform.
    public func request(seed: UInt64, iteration: UInt64) -> FuzzRequest {
        var random = SplitMix64(seed: seed ^ corpusSalt, iteration: iteration)
        let operation = makeOperation(&random)
        let envelope = random.below(100)
        switch envelope {
        case 0..<58: return Envelopes.postJSON(operation, apiKey: apiKey, &random)
        case 58..<66: return Envelopes.postGraphQL(operation, apiKey: apiKey, &random)
        case 66..<76: return Envelopes.batch(first: operation, others: (0..<random.int(in: 1...6)).map { _ in makeOperation(&random) }, apiKey: apiKey, &random)
        case 76..<86: return Envelopes.get(operation, apiKey: apiKey, &random)
        case 86..<94: return Envelopes.brokenBody(operation, apiKey: apiKey, scale: scale, &random)
        case 94..<97: return Envelopes.oddGet(operation, apiKey: apiKey, &random)
        default: return Envelopes.badKey(operation, apiKey: apiKey, &random)
        }
    }

    /// FNV-1a of the corpus name: each schema gets its own stream of requests from one seed.
    var corpusSalt: UInt64 {
        corpus.name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// A document with its variables and what a good answer must echo.
    func makeOperation(_ random: inout SplitMix64) -> GeneratedOperation {
        if random.percent(12) {
            let (document, recipe) = HostileDocuments.make(corpus, scale: scale, &random)
            return GeneratedOperation(document: document, variables: [], isMutation: false, recipe: recipe, echoes: [])
        }
        let source = random.pick(corpus.operations)
        let values = ValueMaker(corpus: corpus, scale: scale)
        var recipe = [source.name]
        var echoes: [FuzzRequest.Echo] = []
        var document = source.document
        if document.contains("«S»") {
            let units = random.percent(60) ? random.pick(HostileStrings.strings + [HostileStrings.long(5000, "é")]) : Array("plain \(random.below(1000))".utf16)
            document = document.replacingOccurrences(of: "«S»", with: Self.graphQLLiteral(units, rawUnicode: random.percent(50)))
            if let path = source.inlineEcho { echoes.append(FuzzRequest.Echo(path: path, value: units)) }
            recipe.append("inline-string")
        }
        // An echo probe: every value valid except one hostile string, which must come back exactly or be refused.
        let probe = source.echo != nil && random.percent(50)
        var variables: [(String, JSONFragment)] = []
        let hostileShare = probe ? 0 : random.pick([0, 0, 20, 50, 100])
        for (name, kind) in source.variables {
            if let echo = source.echo, probe, echo.variable == name {
                let units =
                    random.percent(80)
                    ? random.pick(HostileStrings.strings) : HostileStrings.long(random.pick([3000, 3000, 3000, 100_000], upTo: scale.maximumLength), random.pick(["a", "é", "😀"]))
                variables.append((name, .string(units)))
                echoes.append(FuzzRequest.Echo(path: echo.path, value: units))
                recipe.append("echo-probe")
                continue
            }
            if random.percent(hostileShare) {
                variables.append((name, values.hostile(kind, &random)))
                recipe.append("hostile-$\(name)")
            } else if !random.percent(3) {
                variables.append((name, values.valid(kind, &random)))
            } else {
                recipe.append("missing-$\(name)")
            }
        }
        if random.percent(4) {
            variables.append((random.pick(["extra", "id", ""]), values.anyHostile(&random)))
            recipe.append("extra-variable")
        }
        if random.percent(40) {
            let (mutated, names) = DocumentMutator.mutate(document, scale: scale, &random)
            document = mutated
            recipe += names
            // A mutated document may select something else entirely; only unmutated documents promise echoes.
            echoes = []
        }
        return GeneratedOperation(document: document, variables: variables, isMutation: source.isMutation, recipe: recipe.joined(separator: "/"), echoes: echoes)
    }

    /// A GraphQL string literal for `units`: printable ASCII as is, the rest as `\uXXXX` escapes, or (with
    /// `rawUnicode`) valid non-ASCII characters written as themselves.
    static func graphQLLiteral(_ units: [UInt16], rawUnicode: Bool) -> String {
        var literal = "\""
        var decoder = UTF16()
        var iterator = units.makeIterator()
        func escape(_ unit: UInt16) {
            let hex = String(unit, radix: 16)
            literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        if rawUnicode {
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    if scalar == "\"" || scalar == "\\" {
                        literal += "\\" + String(scalar)
                    } else if scalar.value < 0x20 || scalar.value == 0x7F {
                        escape(UInt16(scalar.value))
                    } else {
                        literal.unicodeScalars.append(scalar)
                    }
                case .emptyInput: break loop
                case .error: return graphQLLiteral(units, rawUnicode: false)
                }
            }
        } else {
            for unit in units {
                if unit == 0x22 || unit == 0x5C {
                    literal += "\\" + String(UnicodeScalar(UInt8(unit)))
                } else if unit >= 0x20 && unit < 0x7F {
                    literal.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
                } else {
                    escape(unit)
                }
            }
        }
        return literal + "\""
    }
}

/// A document and its variables, before it is put into an HTTP request.
struct GeneratedOperation {
    var document: String
    var variables: [(String, JSONFragment)]
    var isMutation: Bool
    var recipe: String
    var echoes: [FuzzRequest.Echo]

    /// The name of the document's first named operation, if it has one.
    var operationName: String? {
        let tokens = GraphQLTokens.split(String(document.prefix(400)))
        for (index, token) in tokens.enumerated() where ["query", "mutation", "subscription"].contains(token) && index + 1 < tokens.count {
            let next = tokens[index + 1]
            return next.first?.isLetter == true || next.first == "_" ? next : nil
        }
        return nil
    }
}

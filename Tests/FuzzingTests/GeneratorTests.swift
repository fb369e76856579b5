import Fuzzing
import Testing

@Suite("Fuzzing: the seeded generator")
struct GeneratorTests {
    @Test("SplitMix64 gives the reference sequence for seed 0 and stays in range")
    func splitMix() {
        var random = SplitMix64(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        for _ in 0..<1000 {
            let value = random.int(in: 3...7)
            #expect((3...7).contains(value))
        }
    }

    /// FNV-1a over the bytes of the first `count` requests of both corpora, to compare whole runs of the generator.
    static func fingerprint(seed: UInt64, count: UInt64) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for corpus in [Corpus.benchBlog, Corpus.catalog] {
            let generator = RequestGenerator(corpus: corpus, apiKey: "mg_key", scale: .quick)
            for iteration in 0..<count {
                let request = generator.request(seed: seed, iteration: iteration)
                for byte in Array((request.method + request.target).utf8) + request.body {
                    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
                }
            }
        }
        return hash
    }

    @Test("a seed and an iteration decide the request: the same bytes every time, other iterations differ")
    func deterministic() {
        let generator = RequestGenerator(corpus: .benchBlog, apiKey: "mg_key", scale: .quick)
        for iteration: UInt64 in [0, 1, 17, 999] {
            let first = generator.request(seed: 7, iteration: iteration)
            let again = generator.request(seed: 7, iteration: iteration)
            #expect(first.body == again.body && first.target == again.target && first.recipe == again.recipe)
        }
        let bodies = Set((0..<50).map { generator.request(seed: 7, iteration: UInt64($0)).summary(limit: 10_000) })
        #expect(bodies.count > 45)
        #expect(Self.fingerprint(seed: 7, count: 40) == Self.fingerprint(seed: 7, count: 40))
        #expect(Self.fingerprint(seed: 7, count: 40) != Self.fingerprint(seed: 8, count: 40))
    }

    @Test("the generated requests cover every envelope and the hostile shapes the oracle is for")
    func coverage() {
        let generator = RequestGenerator(corpus: .catalog, apiKey: "mg_key", scale: .quick)
        let requests = (0..<1500).map { generator.request(seed: 1, iteration: UInt64($0)) }
        let recipes = requests.map(\.recipe)
        for kind in [
            "post-json/", "post-graphql/", "batch-", "get/", "odd-get/", "broken-body-", "bad-key/", "deep-not-", "deep-selection-", "echo-probe", "hostile-$", "insert-hostile",
            "duplicate-field", "open-",
        ] {
            #expect(recipes.contains { $0.contains(kind) }, "no request made with \(kind)")
        }
        #expect(requests.contains { $0.method == "GET" && $0.target.hasPrefix("/graphql?query=") })
        #expect(requests.contains { $0.body.first == UInt8(ascii: "[") && $0.batchSize != nil })
        #expect(requests.contains { !$0.echoes.isEmpty })
        #expect(requests.contains { !$0.headers.contains { $0.0 == "x-api-key" } })
        // The quick scale keeps every body small enough for a debug server, past the 2 MiB limit at most.
        let largest = requests.max { $0.body.count < $1.body.count }
        #expect((largest?.body.count ?? 0) <= 3 << 20, "\(largest?.recipe ?? "")")
    }

    @Test("JSON text: lone surrogates as escapes, raw bytes and number texts as they are, keys in order")
    func jsonFragments() {
        let text = JSONFragment.object([("a", .string([0x78, 0xD800, 0x79])), ("b", .rawStringBytes([0xFF])), ("c", .rawNumber("1e400")), ("d", .text("q\"\\\u{0}"))])
        #expect(text.bytes == Array(#"{"a":"x\ud800y","b":""#.utf8) + [0xFF] + Array(#"","c":1e400,"d":"q\"\\\u0000"}"#.utf8))
        #expect(JSONFragment.array([.null, .bool(true), .int(-3)]).bytes == Array("[null,true,-3]".utf8))
    }

    @Test("tokens: a document split and joined lexes to the same tokens")
    func tokens() {
        let document = #"query Q($id: ID!) { getPost(id: $id) { ...F title @skip(if: true) } } fragment F on Post { id n: rating } # note"#
        let tokens = GraphQLTokens.split(document)
        #expect(tokens.prefix(8) == ["query", "Q", "(", "$", "id", ":", "ID", "!"])
        #expect(tokens.contains("...") && !tokens.contains("#"))
        #expect(GraphQLTokens.split(GraphQLTokens.join(tokens)) == tokens)
        #expect(
            GraphQLTokens.split(#"{ a(s: "x \" y", b: """blo"ck""", n: -1.5e3) }"#) == [
                "{", "a", "(", "s", ":", #""x \" y""#, "b", ":", #""""blo"ck""""#, "n", ":", "-1.5e3", ")", "}",
            ])
    }

    @Test("base64 matches the standard alphabet and padding")
    func base64() {
        #expect(HostileStrings.base64(Array("{}".utf8)) == "e30=")
        #expect(HostileStrings.base64(Array("abc".utf8)) == "YWJj")
        #expect(HostileStrings.base64(Array("abcd".utf8)) == "YWJjZA==")
    }
}

/// Makes variable values for a `VariableKind`: valid ones (ids that exist, dates that are real) and hostile
/// ones (near misses for the kind, and values of the wrong shape altogether).
struct ValueMaker {
    let corpus: Corpus
    let scale: GeneratorScale

    /// A valid value, or null for an optional one now and then.
    func valid(_ kind: VariableKind, _ random: inout SplitMix64) -> JSONFragment {
        switch kind {
        case .id(let pool): return .text(random.pick(corpus.ids[pool] ?? ["missing"]))
        case .string: return .text(random.pick(["Fuzz", "hello world", "z1", "eu", "tag", "Alpha"]) + String(random.below(100)))
        case .int: return .int(random.int(in: 0...12))
        case .float: return .rawNumber(random.pick(["1.5", "9.5", "0", "3.25"]))
        case .boolean: return .bool(random.percent(50))
        case .date: return .text("2024-0\(random.int(in: 1...9))-1\(random.int(in: 0...9))")
        case .dateTime: return .text("202\(random.int(in: 0...5))-0\(random.int(in: 1...9))-01T00:00:00.000Z")
        case .json: return .text(random.pick(["{\"a\": [1, 2]}", "[]", "\"s\"", "3"]))
        case .email: return .text("user\(random.below(10))@example.io")
        case .url: return .text("https://example.io/p/\(random.below(10))")
        case .enumeration(let values): return .text(random.pick(values))
        case .nextToken: return .null
        case .list(let item): return .array((0..<random.below(3)).map { _ in valid(item, &random) })
        case .object(let fields):
            var entries: [(String, JSONFragment)] = []
            for (name, field, required) in fields where required || random.percent(30) {
                entries.append((name, valid(field, &random)))
            }
            return .object(entries)
        }
    }

    /// A hostile value: mostly one that almost fits the kind, sometimes anything at all.
    func hostile(_ kind: VariableKind, _ random: inout SplitMix64) -> JSONFragment {
        if random.percent(30) { return anyHostile(&random) }
        switch kind {
        case .id: return random.percent(50) ? .text(random.pick(["", " ", "post-1 ", "../../etc/passwd", "'", "\"", "s1\u{0}"])) : hostileString(&random)
        case .string: return hostileString(&random)
        case .int, .float: return .rawNumber(random.pick(HostileStrings.numbers))
        case .boolean: return random.pick([.text("true"), .int(1), .rawNumber("0"), .null])
        case .date: return .text(random.pick(HostileStrings.dates))
        case .dateTime: return .text(random.pick(HostileStrings.dateTimes))
        case .json: return .text(random.pick(HostileStrings.jsonTexts))
        case .email: return .text(random.pick(["a@b", "@", "a@@b", String(repeating: "a", count: min(70_000, scale.maximumLength)) + "@x.io", "a\u{0}@x.io", "user@[::1]"]))
        case .url:
            return .text(
                random.pick(["http://", "javascript:alert(1)", "https://x.io/\u{0}", "http://[::1", "//x", String(repeating: "h", count: min(70_000, scale.maximumLength))]))
        case .enumeration(let values): return .text(random.pick(values.map { $0.lowercased() } + ["", values[0] + " ", "__typename", values[0] + "\u{0}"]))
        case .nextToken: return .text(random.pick(HostileStrings.nextTokens))
        case .list(let item):
            switch random.below(4) {
            case 0: return .array([])
            case 1: return .array([.null])
            case 2: return .array((0..<5000).map { _ in valid(item, &random) })
            default: return .array([hostile(item, &random), valid(item, &random), .int(1), .bool(true)])
            }
        case .object(let fields):
            var entries: [(String, JSONFragment)] = []
            for (name, field, required) in fields where required || random.percent(40) {
                if random.percent(10) { continue }
                entries.append((name, random.percent(40) ? hostile(field, &random) : valid(field, &random)))
            }
            if random.percent(20) { entries.append((random.pick(["__proto__", "unknownField", "", "not"]), anyHostile(&random))) }
            if random.percent(15), let first = entries.first { entries.append(first) }
            return .object(entries)
        }
    }

    /// A hostile string: one of the known troublemakers, a very long one, or one with invalid UTF-8 bytes.
    func hostileString(_ random: inout SplitMix64) -> JSONFragment {
        switch random.below(10) {
        case 0: return .string(HostileStrings.long(random.pick([300, 10_000, 100_000], upTo: scale.maximumLength)))
        case 1: return .rawStringBytes(Array("bad".utf8) + random.pick(HostileStrings.invalidUTF8) + Array("bytes".utf8))
        default: return .string(random.pick(HostileStrings.strings))
        }
    }

    /// A value of any shape: wrong types, extreme numbers, deep nesting.
    func anyHostile(_ random: inout SplitMix64) -> JSONFragment {
        switch random.below(9) {
        case 0: return .null
        case 1: return .rawNumber(random.pick(HostileStrings.numbers))
        case 2: return .bool(random.percent(50))
        case 3: return .object([])
        case 4: return .array([])
        case 5: return Self.deepArray(random.pick([10, 100, 255, 300, 5000], upTo: scale.maximumDepth))
        case 6: return Self.deepObject(random.pick([10, 100, 255, 300, 5000], upTo: scale.maximumDepth), key: random.pick(["a", "not", "and"]))
        case 7: return .array([.int(1), .text("a"), .null, .object([("eq", .text("x"))])])
        default: return hostileString(&random)
        }
    }

    /// `[[[…]]]`, `depth` deep.
    static func deepArray(_ depth: Int) -> JSONFragment {
        .raw(Array((String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8))
    }

    /// `{"key": {"key": …}}`, `depth` deep.
    static func deepObject(_ depth: Int, key: String) -> JSONFragment {
        let open = String(repeating: "{\"\(key)\":", count: depth)
        return .raw(Array((open + "{\"id\":{\"eq\":\"post-1\"}}" + String(repeating: "}", count: depth)).utf8))
    }
}

import Foundation
import GraphQL
import JSON
import ModelIR
import Planner
import Testing

/// The pre-parse guards: the bracket scanner, the JSON reader's refusals, the fragment-chain bound and the
/// checks of what PostgreSQL can store.
@Suite("Hostile text: scanned before parsing, refused with a reason")
struct HostileTextTests {
    @Test("the scanner counts brackets outside strings, block strings and comments, with the excess's position")
    func scanner() {
        #expect(NestingScanner.depth(of: "{ a(b: [1, {c: 2}]) { d } }") == 4)
        #expect(NestingScanner.depth(of: #"{ a(b: "{{{[[[((( \" {{{") }"#) == 2)
        #expect(NestingScanner.depth(of: "{ a(b: \"\"\"{{{ \\\"\"\" {{{ \"\"\") }") == 2)
        #expect(NestingScanner.depth(of: "{ # {{{{{{\n a }") == 1)
        #expect(NestingScanner.depth(of: "}}}}{") == 1)
        #expect(NestingScanner.firstExcess(in: "{ a { b } }", limit: 2) == nil)
        #expect(NestingScanner.firstExcess(in: "{\n  é { b { c } } }", limit: 2) == NestingScanner.Excess(depth: 3, line: 2, column: 9))
        let deep = String(repeating: "[", count: 100_000)
        #expect(NestingScanner.firstExcess(in: deep, limit: 64)?.depth == 65)
        #expect(NestingScanner.depth(of: deep) == 100_000)
    }

    @Test("too-deep documents and fragment chains are LimitExceeded before GraphQLSwift parses or validates them")
    func documents() throws {
        let planner = OperationPlanner(view: PlannerTests.planner.view, limits: RequestLimits(maximumNesting: 8))
        let deep = "{" + String(repeating: "a{", count: 8) + "b" + String(repeating: "}", count: 9)
        let nesting = #expect(throws: PlanErrors.self) { try planner.document(for: deep) }
        #expect(nesting?.errors.first?.code == .limitExceeded)
        #expect(nesting?.errors.first?.locations.first?.column == 17)
        let chain = "{ __typename ...F0 } " + (0..<9).map { "fragment F\($0) on Query { ...F\($0 + 1) }" }.joined(separator: " ") + " fragment F9 on Query { __typename }"
        let chained = #expect(throws: PlanErrors.self) { try planner.document(for: chain) }
        #expect(chained?.errors.first?.code == .limitExceeded)
        #expect(chained?.errors.first?.message.contains("10 levels") == true)
        // A cycle is validation's to report, not a chain of unbounded length.
        let cycle = #expect(throws: PlanErrors.self) { try planner.document(for: "{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }") }
        #expect(cycle?.errors.first?.code == .validation)
        _ = try planner.document(for: "{ ...F0 } " + (0..<7).map { "fragment F\($0) on Query { ...F\($0 + 1) }" }.joined(separator: " ") + " fragment F7 on Query { __typename }")
    }

    @Test("Int literals outside 32 bits fail validation where the type is Int, not where it is Float")
    func int32Literals() throws {
        let planner = PlannerTests.planner
        let refused = #expect(throws: PlanErrors.self) { try planner.document(for: "{ listTeams(limit: 2147483648) { items { id } } }") }
        #expect(refused?.errors.first?.message.contains("non 32-bit signed integer value: 2147483648") == true)
        _ = try planner.document(for: "{ listTeams(limit: 2147483647) { items { id } } }")
        _ = try planner.document(for: "{ listTeams(filter: {budget: {gt: 99999999999}}) { items { id } } }")
    }

    @Test("the JSON reader refuses deep nesting, invalid UTF-8 and unpaired surrogates, naming the path")
    func jsonReader() throws {
        let deep = Array((String(repeating: "[", count: 10) + String(repeating: "]", count: 10)).utf8)
        #expect(throws: Never.self) { try JSONReader.parse(deep, maximumDepth: 10) }
        let tooDeep = #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(deep, maximumDepth: 9) }
        #expect(tooDeep?.reason == .tooDeep)
        let lone = #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(Array(#"{"variables": {"input": [0, {"name": "x\ud800y"}]}}"#.utf8)) }
        #expect(lone?.reason == .notUnicode)
        #expect(lone?.path == ["variables", "input", "1", "name"])
        for text in [#""\udc00""#, #""\ud800\u0041""#, #""\ud800""#] {
            #expect((try? JSONReader.parse(Array(text.utf8))) == nil, "\(text)")
        }
        let invalid = #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(Array(#"{"a": "x"#.utf8) + [0xFF] + Array(#"y"}"#.utf8)) }
        #expect(invalid?.reason == .notUnicode)
        #expect(invalid?.path == ["a"])
        #expect(try JSONReader.parse(Array(#""\u0000\ud83d\ude00""#.utf8)) == .string("\u{0}\u{1F600}"))
    }

    @Test("dates are judged by what PostgreSQL can store")
    func storable() {
        #expect(!ScalarFormat.isDate("0000-01-01"))
        #expect(ScalarFormat.isDate("0001-01-01"))
        #expect(!ScalarFormat.isDateTime("0000-12-31T23:59:59Z"))
    }
}

/// Refusing or validating a hostile document costs work in proportion to its size.
@Suite("Linear front end")
struct LinearFrontEndTests {
    /// The fastest of three runs of `body`, in seconds.
    /// The least CPU time (seconds) of three runs of `body`, counted on the running thread only: a machine
    /// busy with other tests slows the wall clock, not the work the body does.
    static func fastest(_ body: () -> Void) -> Double {
        func threadTime() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        return (0..<3).map { _ in
            let start = threadTime()
            body()
            return threadTime() - start
        }.min()!
    }

    static func unusedFragments(_ count: Int) -> String {
        "{ __typename } " + (0..<count).map { "fragment F\($0) on Team { id mantra }" }.joined(separator: " ")
    }

    @Test("N unused fragments: eight times the document costs far less than 64 times the work (it was N²)")
    func unusedFragmentsScaleLinearly() {
        let planner = OperationPlanner(view: PlannerTests.planner.view, limits: RequestLimits(maximumTokens: 1_000_000))
        let small = Self.unusedFragments(250)
        let large = Self.unusedFragments(2000)
        // A refused document is cached too: each run asks for a new text (a comment numbers it), so every run
        // validates instead of timing a cache hit.
        var run = 0
        func fresh(_ text: String) -> String {
            run += 1
            return text + " # \(run)"
        }
        let smallTime = Self.fastest { _ = try? planner.document(for: fresh(small)) }
        let largeTime = Self.fastest { _ = try? planner.document(for: fresh(large)) }
        #expect(largeTime < smallTime * 24, "250 fragments: \(smallTime) s, 2000: \(largeTime) s")
        let refused = #expect(throws: PlanErrors.self) { try planner.document(for: large) }
        #expect(refused?.errors.count == RequestLimits.maximumValidationErrors + 1)
    }

    @Test("fields of object literals: eight times as many cost far less than 64 times the work; a refused document is remembered")
    func objectFieldsScaleLinearly() {
        let planner = OperationPlanner(view: PlannerTests.planner.view, limits: RequestLimits(maximumTokens: 1_000_000))
        func unknownFields(_ count: Int) -> String {
            "{ listTeams(filter: {" + (0..<count).map { "f\($0): 1" }.joined(separator: " ") + "}) { items { id } } }"
        }
        // Each run asks for a new text (a comment numbers it), so no run is answered from the cache.
        var run = 0
        func fresh(_ text: String) -> String {
            run += 1
            return text + " # \(run)"
        }
        let smallTime = Self.fastest { _ = try? planner.document(for: fresh(unknownFields(250))) }
        let largeTime = Self.fastest { _ = try? planner.document(for: fresh(unknownFields(2000))) }
        #expect(largeTime < smallTime * 24, "250 fields: \(smallTime) s, 2000: \(largeTime) s")
        let before = planner.cachedBytes
        let refused = #expect(throws: PlanErrors.self) { try planner.document(for: unknownFields(10)) }
        let remembered = planner.cachedBytes
        #expect(remembered > before)
        let again = #expect(throws: PlanErrors.self) { try planner.document(for: unknownFields(10)) }
        #expect(again?.errors.map(\.message) == refused?.errors.map(\.message))
        #expect(planner.cachedBytes == remembered)
    }

    @Test("string escapes read from a JSON body: eight times as many cost far less than 64 times the work")
    func escapesScaleLinearly() throws {
        let planner = OperationPlanner(view: PlannerTests.planner.view, limits: RequestLimits(maximumTokens: 1_000_000))
        // A JSON body whose query holds GraphQL surrogate-pair escapes, each rewritten before parsing.
        func body(_ pairs: Int, _ run: Int) -> [UInt8] {
            let escapes = String(repeating: #"\\ud83d\\ude00"#, count: pairs)
            return Array(#"{"query": "{ getTeam(id: \"\#(escapes)\") { id } } # \#(run)"}"#.utf8)
        }
        var run = 0
        func readAndPlan(_ pairs: Int) {
            run += 1
            guard case .object(let fields)? = try? JSONReader.parse(body(pairs, run)), case .string(let query)? = fields.first?.1 else {
                Issue.record("the body did not read as a request")
                return
            }
            _ = try? planner.document(for: query)
        }
        let smallTime = Self.fastest { readAndPlan(5_000) }
        let largeTime = Self.fastest { readAndPlan(40_000) }
        #expect(largeTime < smallTime * 24, "5,000 pairs: \(smallTime) s, 40,000: \(largeTime) s")
        guard case .object(let fields) = try JSONReader.parse(body(2, 0)), case .string(let query)? = fields.first?.1 else {
            Issue.record("the body did not read as a request")
            return
        }
        #expect(query.hasPrefix(#"{ getTeam(id: "\ud83d\ude00\ud83d\ude00")"#))
        let document = try planner.document(for: query)
        #expect(document.definitions.count == 1)
    }

    @Test("a document past the token limit is refused before parsing; few errors in a small document keep their locations")
    func tokensAndLocations() {
        let planner = OperationPlanner(view: PlannerTests.planner.view, limits: RequestLimits(maximumTokens: 100))
        let long = "{ " + String(repeating: "__typename ", count: 200) + "}"
        let refused = #expect(throws: PlanErrors.self) { try planner.document(for: long) }
        #expect(refused?.errors.first?.code == .limitExceeded)
        #expect(refused?.errors.first?.message.contains("token limit") == true)
        let mistake = #expect(throws: PlanErrors.self) { try planner.document(for: "{\n  listTeams { items { nope } } }") }
        #expect(mistake?.errors.first?.locations.first?.line == 2)
        #expect(NestingScanner.measure("query Q($a: Int = -1.5e3) { a(b: \"x y\", c: [1, 2]) ...F }", nestingLimit: 64, tokenLimit: 1000).tokens == 26)
    }
}

@Suite("Caches bounded in bytes")
struct CacheBudgetTests {
    @Test("distinct large documents stay within the cache budget; old entries go first; undeclared variables make no new plans")
    func budget() throws {
        let budget = 4 << 20
        let planner = OperationPlanner(view: PlannerTests.planner.view, cacheBudget: budget)
        for index in 0..<60 {
            let query = "{ listTeams { items { " + String(repeating: "id mantra ", count: 400) + "} } } # \(index)"
            _ = try planner.plan(query: query, operationName: nil, inputs: [:])
            #expect(planner.cachedBytes <= budget)
        }
        #expect(planner.cachedPlanCount > 1 && planner.cachedPlanCount < 60)
        let query = "query($id: ID!) { getTeam(id: $id) { id } }"
        let before = planner.cachedPlanCount
        for index in 0..<20 {
            _ = try planner.plan(query: query, operationName: nil, inputs: ["id": .string("a"), "junk\(index)": .int(index)])
        }
        #expect(planner.cachedPlanCount <= before + 1)
    }
}

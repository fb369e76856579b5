import APISchema
import JSON
import Planner
import Testing

/// `SubscriptionFilter`: the `filter:` argument of a subscription, checked on the server against each changed
/// record's API values (docs/decisions.md §3): strings compare byte by byte, numbers by value, a field without
/// a value satisfies only `ne` (of a value), `notContains` and `notIn`, `contains` is a substring test on a
/// string and a membership test on a list, `between` is inclusive, `and` lists all hold, `or` lists need one.
/// `{field: {op: operand}}`.
private func on(_ field: String, _ op: String, _ operand: InputValue) -> InputValue {
    .object([(field, .object([(op, operand)]))])
}

@Suite("Subscription filters")
struct SubscriptionFilterTests {
    /// The record most cases are checked against, as the delivery statement's filterable JSON would carry it.
    static let record = """
        {"id": "t1", "name": "Banana", "word": "Zebra", "accent": "\u{E9}", "emoji": "\u{1F600}", "size": 3, "budget": 2.5, "ratio": 1.0,
         "active": true, "off": false, "role": "LEAD", "tags": ["a", "b", "apple"], "scores": [1, 2.5], "nothing": null}
        """

    static func json(_ text: String) -> JSONValue {
        // The texts are written here; failing to read one is a broken test.
        try! JSONReader.parse(Array(text.utf8))
    }

    /// One filter, one record, and whether the record passes.
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let filter: InputValue
        let record: String
        let expected: Bool

        init(_ label: String, _ filter: InputValue, _ expected: Bool, record: String = SubscriptionFilterTests.record) {
            self.label = label
            self.filter = filter
            self.expected = expected
            self.record = record
        }

        var testDescription: String { label }
    }

    static let strings: [Case] = [
        Case("eq same string", on("name", "eq", "Banana"), true),
        Case("eq is case sensitive", on("name", "eq", "banana"), false),
        Case("ne other string", on("name", "ne", "banana"), true),
        Case("ne same string", on("name", "ne", "Banana"), false),
        Case("lt a longer string it prefixes", on("name", "lt", "Bananas"), true),
        Case("lt itself", on("name", "lt", "Banana"), false),
        Case("le itself", on("name", "le", "Banana"), true),
        Case("le a prefix of it", on("name", "le", "Ban"), false),
        Case("gt a prefix of it", on("name", "gt", "Ban"), true),
        Case("gt a later string", on("name", "gt", "C"), false),
        Case("ge itself", on("name", "ge", "Banana"), true),
        Case("ge a later string", on("name", "ge", "Bananb"), false),
        Case("between around it", on("name", "between", ["B", "C"]), true),
        Case("between is inclusive below", on("name", "between", ["Banana", "C"]), true),
        Case("between is inclusive above", on("name", "between", ["A", "Banana"]), true),
        Case("between a single point", on("name", "between", ["Banana", "Banana"]), true),
        Case("between above it", on("name", "between", ["Bananas", "C"]), false),
        Case("between reversed bounds", on("name", "between", ["C", "B"]), false),
        Case("beginsWith a prefix", on("name", "beginsWith", "Ban"), true),
        Case("beginsWith itself", on("name", "beginsWith", "Banana"), true),
        Case("beginsWith is case sensitive", on("name", "beginsWith", "ban"), false),
        Case("beginsWith a longer string", on("name", "beginsWith", "Banana!"), false),
        Case("beginsWith the empty string", on("name", "beginsWith", ""), true),
        Case("contains a substring", on("name", "contains", "nan"), true),
        Case("contains a non-substring", on("name", "contains", "nab"), false),
        Case("contains the empty string", on("name", "contains", ""), true),
        Case("notContains a substring", on("name", "notContains", "nan"), false),
        Case("notContains a non-substring", on("name", "notContains", "xyz"), true),
        Case("in a list holding it", on("name", "in", ["Apple", "Banana"]), true),
        Case("in a list without it", on("name", "in", ["Apple", "banana"]), false),
        Case("in an empty list", on("name", "in", []), false),
        Case("notIn a list without it", on("name", "notIn", ["Apple"]), true),
        Case("notIn a list holding it", on("name", "notIn", ["Apple", "Banana"]), false),
        Case("notIn an empty list", on("name", "notIn", []), true),
        Case("an ID field is a string", on("id", "beginsWith", "t"), true),
    ]

    /// Byte order, not locale or UTF-16 order: "Z" (0x5A) < "a" (0x61), "é" (0xC3 0xA9) > "z" (0x7A), and an
    /// emoji (0xF0…) > "ﬀ" (0xEF…) although UTF-16 puts the emoji's surrogate (0xD83D) before U+FB00.
    static let byteOrder: [Case] = [
        Case("upper case sorts before lower case: Zebra < apple", on("word", "lt", "apple"), true),
        Case("upper case sorts before lower case: Zebra > apple is false", on("word", "gt", "apple"), false),
        Case("Zebra between A and apple", on("word", "between", ["A", "apple"]), true),
        Case("é > z", on("accent", "gt", "z"), true),
        Case("é < z is false", on("accent", "lt", "z"), false),
        Case("é ge e", on("accent", "ge", "e"), true),
        Case("é between z and ê", on("accent", "between", ["z", "\u{EA}"]), true),
        Case("emoji > ﬀ (UTF-8, not UTF-16, order)", on("emoji", "gt", "\u{FB00}"), true),
        Case("emoji < ﬀ is false", on("emoji", "lt", "\u{FB00}"), false),
        Case("beginsWith compares bytes", on("accent", "beginsWith", "\u{E9}"), true),
    ]

    static let numbers: [Case] = [
        Case("int eq int", on("size", "eq", 3), true),
        Case("int eq equal float", on("size", "eq", 3.0), true),
        Case("int eq other int", on("size", "eq", 4), false),
        Case("int ne equal float", on("size", "ne", 3.0), false),
        Case("int ne other int", on("size", "ne", 4), true),
        Case("int lt larger", on("size", "lt", 4), true),
        Case("int lt itself", on("size", "lt", 3), false),
        Case("int lt a larger float", on("size", "lt", 3.5), true),
        Case("int le itself", on("size", "le", 3), true),
        Case("int le a smaller float", on("size", "le", 2.9), false),
        Case("int gt a smaller float", on("size", "gt", 2.5), true),
        Case("int gt itself", on("size", "gt", 3), false),
        Case("int ge itself as float", on("size", "ge", 3.0), true),
        Case("int ge larger", on("size", "ge", 3.5), false),
        Case("int between around it", on("size", "between", [1, 5]), true),
        Case("int between inclusive", on("size", "between", [3, 3]), true),
        Case("int between float bounds", on("size", "between", [2.5, 3.5]), true),
        Case("int between above it", on("size", "between", [4, 9]), false),
        Case("int in a list holding it", on("size", "in", [1, 3]), true),
        Case("int in a list holding it as float", on("size", "in", [3.0]), true),
        Case("int in a list without it", on("size", "in", [4]), false),
        Case("int notIn a list holding it as float", on("size", "notIn", [3.0]), false),
        Case("int notIn a list without it", on("size", "notIn", [4, 5]), true),
        Case("float eq float", on("budget", "eq", 2.5), true),
        Case("float ne float", on("budget", "ne", 2.5), false),
        Case("float lt int", on("budget", "lt", 3), true),
        Case("float gt int", on("budget", "gt", 2), true),
        Case("float between itself", on("budget", "between", [2.5, 2.5]), true),
        Case("float between ints", on("budget", "between", [1, 2]), false),
        Case("float 1.0 eq int 1", on("ratio", "eq", 1), true),
        Case("float 1.0 ne int 1", on("ratio", "ne", 1), false),
        Case("float 1.0 in [1]", on("ratio", "in", [1]), true),
        Case("float 1.0 notIn [1]", on("ratio", "notIn", [1]), false),
        Case("float 1.0 ge int 1", on("ratio", "ge", 1), true),
    ]

    static let booleans: [Case] = [
        Case("true eq true", on("active", "eq", true), true),
        Case("true eq false", on("active", "eq", false), false),
        Case("true ne false", on("active", "ne", false), true),
        Case("true ne true", on("active", "ne", true), false),
        Case("false eq false", on("off", "eq", false), true),
        Case("false ne true", on("off", "ne", true), true),
        Case("a boolean is not the number 1", on("active", "eq", 1), false),
        Case("a boolean is not the string true", on("active", "eq", "true"), false),
    ]

    /// An enum's value reads as its name's string, whether the filter gives an enum literal or a string.
    static let enums: [Case] = [
        Case("enum literal eq its name", on("role", "eq", .enumValue("LEAD")), true),
        Case("enum literal eq another name", on("role", "eq", .enumValue("MEMBER")), false),
        Case("enum literal ne another name", on("role", "ne", .enumValue("MEMBER")), true),
        Case("enum literal ne its name", on("role", "ne", .enumValue("LEAD")), false),
        Case("string eq the enum's name", on("role", "eq", "LEAD"), true),
        Case("enum literal in a list", on("role", "in", [.enumValue("MEMBER"), .enumValue("LEAD")]), true),
        Case("enum literal notIn a list", on("role", "notIn", [.enumValue("LEAD")]), false),
        Case("enum name beginsWith", on("role", "beginsWith", "LE"), true),
    ]

    /// On a list, `contains` is membership (never a substring of an element) and numbers compare by value.
    static let lists: [Case] = [
        Case("list contains an element", on("tags", "contains", "a"), true),
        Case("list contains a non-element", on("tags", "contains", "c"), false),
        Case("list contains no substring of an element", on("tags", "contains", "pp"), false),
        Case("list contains no empty string", on("tags", "contains", ""), false),
        Case("list notContains a non-element", on("tags", "notContains", "c"), true),
        Case("list notContains an element", on("tags", "notContains", "apple"), false),
        Case("number list contains an int as float", on("scores", "contains", 1.0), true),
        Case("number list contains a float", on("scores", "contains", 2.5), true),
        Case("number list contains a non-element", on("scores", "contains", 3), false),
        Case("number list notContains a float element", on("scores", "notContains", 2.5), false),
        Case("empty list contains nothing", on("tags", "contains", "a"), false, record: #"{"tags": []}"#),
        Case("empty list notContains anything", on("tags", "notContains", "a"), true, record: #"{"tags": []}"#),
    ]

    /// Values of the wrong type never compare.
    static let mismatches: [Case] = [
        Case("string eq number", on("name", "eq", 3), false),
        Case("string ne number", on("name", "ne", 3), true),
        Case("number eq its text", on("size", "eq", "3"), false),
        Case("number lt text", on("size", "lt", "4"), false),
        Case("number gt text", on("size", "gt", "1"), false),
        Case("number beginsWith its text", on("size", "beginsWith", "3"), false),
        Case("number contains a number", on("size", "contains", 3), false),
        Case("number notContains a number", on("size", "notContains", 3), true),
        Case("boolean contains", on("active", "contains", "t"), false),
        Case("string contains a number", on("name", "contains", 3), false),
    ]

    /// A field without a value (absent, or null) satisfies only `ne` of a value, `notContains` and `notIn`.
    static let absent: [Case] = ["missing", "nothing"].flatMap { field in
        [
            Case("\(field): eq a string", on(field, "eq", "x"), false),
            Case("\(field): eq a number", on(field, "eq", 0), false),
            Case("\(field): eq false", on(field, "eq", false), false),
            Case("\(field): ne a string", on(field, "ne", "x"), true),
            Case("\(field): ne a number", on(field, "ne", 0), true),
            Case("\(field): ne false", on(field, "ne", false), true),
            Case("\(field): lt", on(field, "lt", "x"), false),
            Case("\(field): le", on(field, "le", 0), false),
            Case("\(field): gt", on(field, "gt", ""), false),
            Case("\(field): ge", on(field, "ge", 0), false),
            Case("\(field): between", on(field, "between", ["", "\u{10FFFF}"]), false),
            Case("\(field): between numbers", on(field, "between", [-1000, 1000]), false),
            Case("\(field): beginsWith the empty string", on(field, "beginsWith", ""), false),
            Case("\(field): contains the empty string", on(field, "contains", ""), false),
            Case("\(field): contains", on(field, "contains", "x"), false),
            Case("\(field): notContains", on(field, "notContains", "x"), true),
            Case("\(field): in", on(field, "in", ["x", 0]), false),
            Case("\(field): in an empty list", on(field, "in", []), false),
            Case("\(field): notIn", on(field, "notIn", ["x"]), true),
            Case("\(field): notIn an empty list", on(field, "notIn", []), true),
            // `ne` of no value is not satisfied by no value (as the list filter's `ne: null`, IS NOT NULL).
            Case("\(field): ne null", on(field, "ne", nil), false),
        ]
    }

    static let nullOperands: [Case] = [
        // The list filter's `eq: null` is IS NULL and `ne: null` IS NOT NULL; the subscription filter agrees.
        Case("eq null on an absent field", on("missing", "eq", nil), true),
        Case("eq null on a null field", on("nothing", "eq", nil), true),
        Case("eq null on a present field", on("name", "eq", nil), false),
        Case("ne null on a present field", on("name", "ne", nil), true),
    ]

    static let yes: InputValue = on("name", "eq", "Banana")
    static let no: InputValue = on("size", "gt", 5)

    static let composites: [Case] = [
        Case("an empty filter object holds", [:], true),
        Case("a null entry is ignored", ["name": nil], true),
        Case("a null and is ignored", ["and": nil], true),
        Case("every entry of an object must hold (both do)", ["name": ["eq": "Banana"], "size": ["gt": 1]], true),
        Case("every entry of an object must hold (one does not)", ["name": ["eq": "Banana"], "size": ["gt": 5]], false),
        Case("every operator on a field must hold (both do)", ["size": ["gt": 1, "lt": 5]], true),
        Case("every operator on a field must hold (one does not)", ["size": ["gt": 1, "lt": 3]], false),
        Case("and: [] holds", ["and": []], true),
        Case("or: [] holds for nothing", ["or": []], false),
        Case("and: [] beside a false entry", ["and": [], "size": ["gt": 5]], false),
        Case("or: [] beside a true entry still fails", ["or": [], "name": ["eq": "Banana"]], false),
        Case("and of true and false", ["and": [yes, no]], false),
        Case("and of true and true", ["and": [yes, yes]], true),
        Case("or of false and true", ["or": [no, yes]], true),
        Case("or of false and false", ["or": [no, no]], false),
        Case("a null item of an and list is ignored", ["and": [nil, yes]], true),
        Case("a null item of an or list is ignored", ["or": [nil, no]], false),
        Case("or of an and that fails and an and that holds", ["or": [["and": [yes, no]], ["and": [yes, yes]]]], true),
        Case("and of an or that fails and a true entry", ["and": [["or": [no, no]], yes]], false),
        Case("three levels deep", ["or": [no, ["and": [yes, ["or": [no, ["role": ["eq": .enumValue("LEAD")]]]]]]]], true),
        Case("an object's entries and its or list", ["name": ["beginsWith": "B"], "or": [no, ["tags": ["contains": "b"]]]], true),
        Case("an or list and an and list side by side", ["or": [no, yes], "and": [no]], false),
    ]

    @Test("every operator on strings", arguments: strings)
    func stringCases(_ test: Case) throws { try Self.check(test) }

    @Test("strings compare byte by byte", arguments: byteOrder)
    func byteOrderCases(_ test: Case) throws { try Self.check(test) }

    @Test("numbers compare by value, ints with floats", arguments: numbers)
    func numberCases(_ test: Case) throws { try Self.check(test) }

    @Test("booleans", arguments: booleans)
    func booleanCases(_ test: Case) throws { try Self.check(test) }

    @Test("enum values compare as their names' strings", arguments: enums)
    func enumCases(_ test: Case) throws { try Self.check(test) }

    @Test("contains and notContains on lists test membership", arguments: lists)
    func listCases(_ test: Case) throws { try Self.check(test) }

    @Test("values of another type never compare", arguments: mismatches)
    func mismatchCases(_ test: Case) throws { try Self.check(test) }

    @Test("a field without a value satisfies only ne, notContains and notIn", arguments: absent)
    func absentCases(_ test: Case) throws { try Self.check(test) }

    @Test("null operands of eq and ne", arguments: nullOperands)
    func nullOperandCases(_ test: Case) throws { try Self.check(test) }

    @Test("objects, and lists and or lists combine, nested", arguments: composites)
    func compositeCases(_ test: Case) throws { try Self.check(test) }

    static func check(_ test: Case) throws {
        let filter = try #require(try SubscriptionFilter(test.filter))
        #expect(filter.matches(json(test.record)) == test.expected, "\(test.filter) on \(test.record)")
    }

    @Test("a null filter is no filter")
    func nullFilter() throws {
        #expect(try SubscriptionFilter(nil) == nil)
    }

    @Test("the filter tree: one comparison alone, several as all, or lists as any, enum values as strings")
    func tree() throws {
        #expect(try SubscriptionFilter(on("name", "eq", "x")) == .compare(field: "name", .eq, .string("x")))
        #expect(try SubscriptionFilter(on("role", "ne", .enumValue("LEAD"))) == .compare(field: "role", .ne, .string("LEAD")))
        #expect(
            try SubscriptionFilter(["size": ["gt": 1, "le": 2.5], "or": [["name": ["in": ["a", "b"]]]]])
                == .all([
                    .compare(field: "size", .gt, .int(1)), .compare(field: "size", .le, .float(2.5)),
                    .any([.compare(field: "name", .in, .list([.string("a"), .string("b")]))]),
                ]))
        #expect(try SubscriptionFilter([:]) == .all([]))
        #expect(try SubscriptionFilter(["and": []]) == .all([]))
        #expect(try SubscriptionFilter(["or": []]) == .any([]))
        // Variable leaves are read as the values they hold.
        #expect(try SubscriptionFilter(on("name", "eq", .leaf(0, "x"))) == .compare(field: "name", .eq, .string("x")))
        #expect(try SubscriptionFilter(["name": ["between": [.leaf(0, "a"), .leaf(1, "b")]]]) == .compare(field: "name", .between, .list([.string("a"), .string("b")])))
    }

    @Test("fields: every field the filter names, at any depth, once")
    func fields() throws {
        let filter = try #require(
            try SubscriptionFilter(["name": ["eq": "x"], "or": [["size": ["gt": 1]], ["and": [["tags": ["contains": "a"]], ["name": ["ne": "y"]]]]], "and": []]))
        #expect(filter.fields == ["name", "size", "tags"])
        #expect(try SubscriptionFilter([:])?.fields == [])
        #expect(try SubscriptionFilter(["or": [], "and": [[:]]])?.fields == [])
        #expect(try SubscriptionFilter(on("role", "eq", .enumValue("LEAD")))?.fields == ["role"])
    }

    /// The code `SubscriptionFilter(input)` throws, or nil when it does not throw.
    static func errorCode(_ input: InputValue) -> PlanError.Code? {
        do {
            _ = try SubscriptionFilter(input)
            return nil
        } catch {
            return error.code
        }
    }

    @Test(
        "operators subscription filters do not have are refused",
        arguments: ["like", "attributeExists", "attributeType", "size", "not", "EQ", ""]
    )
    func unknownOperator(_ name: String) {
        #expect(Self.errorCode(["name": .object([(name, .string("x"))])]) == .validation)
        // Also when nested in an and or an or list.
        #expect(Self.errorCode(["or": [["name": .object([(name, .string("x"))])]]]) == .validation)
    }

    @Test("between takes exactly two bounds")
    func betweenBounds() {
        for bounds: InputValue in [[], [1], [1, 2, 3], ["a"], ["a", "b", "c"]] {
            #expect(Self.errorCode(on("size", "between", bounds)) == .invalidArguments, "\(bounds)")
            #expect(Self.errorCode(["and": [on("size", "between", bounds)]]) == .invalidArguments, "\(bounds)")
        }
        #expect(Self.errorCode(on("size", "between", [1, 2])) == nil)
    }

    @Test("malformed filters are refused: not an object, and/or not a list, a field not an object of operators")
    func malformed() {
        for input: InputValue in ["x", 1, ["name"], ["and": "x"], ["or": ["name": ["eq": "x"]]], ["name": "Banana"], ["name": ["eq"]], ["or": ["x"]]] {
            #expect(Self.errorCode(input) == .validation, "\(input)")
        }
    }

    /// Strings compare byte by byte (docs/decisions.md §3.1): "café" written with U+00E9 and with "e" + U+0301
    /// are different bytes, so neither equals the other, and the decomposed one (0x65 …) sorts first.
    @Test("canonically equivalent strings with different bytes are different strings")
    func canonicalEquivalence() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let record = Self.json(#"{"name": "\#(decomposed)", "tags": ["\#(decomposed)"]}"#)
        let cases: [(InputValue, Bool)] = [
            (on("name", "eq", .string(composed)), false), (on("name", "ne", .string(composed)), true),
            (on("name", "lt", .string(composed)), true), (on("name", "ge", .string(composed)), false),
            (on("name", "in", [.string(composed)]), false), (on("name", "notIn", [.string(composed)]), true),
            (on("tags", "contains", .string(composed)), false),
        ]
        for (input, expected) in cases {
            let filter = try #require(try SubscriptionFilter(input))
            #expect(filter.matches(record) == expected, "\(input)")
        }
        #expect(try SubscriptionFilter(on("name", "beginsWith", .string(composed)))?.matches(record) == false)
        #expect(try SubscriptionFilter(on("name", "contains", .string(composed)))?.matches(record) == false)
    }

    /// GraphQL input coercion reads a single value given for a list type as a list of one (`between: 3` is
    /// `between: [3]`, which has one bound, `in: "Banana"` is `in: ["Banana"]`), and a literal or a variable can
    /// carry such a value past validation.
    @Test("a single value where a list is expected is a list of one")
    func singleValueAsList() throws {
        #expect(Self.errorCode(on("size", "between", 3)) == .invalidArguments)
        let record = Self.json(Self.record)
        let isIn = try #require(try SubscriptionFilter(on("name", "in", "Banana")))
        let notIn = try #require(try SubscriptionFilter(on("name", "notIn", "Banana")))
        #expect(isIn.matches(record) == true)
        #expect(notIn.matches(record) == false)
    }
}

import APISchema
import ModelIR
import Planner
import SQLSyntax
import SchemaParser
import Testing

/// An existing database's column limits (`ColumnLimit`, read from the catalog's type modifiers) refuse the
/// values PostgreSQL would change on assignment, when the request's values are bound; an `Int` read from a
/// `bigint` column is cast to `integer`.
@Suite("Exact storage in existing databases")
struct ExactStorageTests {
    /// A planner for a model whose columns are `numeric(5,2)`, `real`, `char(3)`, `varchar(4)` and `bigint`.
    static let planner: OperationPlanner = {
        var schema = try! SchemaParser.parseOrThrow(
            source: """
                input AMPLIFY { engine: String = "postgres" globalAuthRule: AuthRule = { allow: public } }
                type Measure @model(timestamps: null) @refersTo(name: "measures") {
                  code: String! @primaryKey
                  amount: Float
                  ratio: Float
                  label: String
                  big: Int
                }
                """)
        let limits: [String: (SQLType?, ColumnLimit?)] = [
            "code": (nil, .fixedLength(3)), "amount": (.numeric, .decimal(precision: 5, scale: 2)), "ratio": (.real, nil), "label": (nil, .maximumLength(4)),
            "big": (.bigint, nil),
        ]
        for index in schema.models[0].fields.indices {
            guard let (type, limit) = limits[schema.models[0].fields[index].name] else { continue }
            schema.models[0].fields[index].storageType = type
            schema.models[0].fields[index].columnLimit = limit
        }
        return OperationPlanner(view: APISchemaView(api: try! APISchema.build(from: schema), databaseSchema: "public"))
    }()

    /// The message of the error planning `input` as a create, or nil when it plans.
    static func refusal(_ input: String) -> String? {
        do {
            let plan = try planner.plan(query: "mutation { createMeasure(input: { \(input) }) { code } }", operationName: nil, inputs: [:])
            guard case .failure(let error)? = plan.fields.first?.plan else { return nil }
            return "\(error.code.rawValue): \(error.message)"
        } catch {
            return error.errors.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "\n")
        }
    }

    @Test(
        "values the columns keep exactly are accepted",
        arguments: [
            #"code: "ABC", amount: 123.45"#, #"code: "ABC", amount: -999.99"#, #"code: "ABC", amount: 0.5"#, #"code: "ABC", amount: 100"#,
            #"code: "ABC", amount: 1e2"#, #"code: "ABC", ratio: 0.1"#, #"code: "ABC", ratio: 4.5"#, #"code: "ABC", ratio: 16777216"#,
            #"code: "ABC", label: "abcd""#, #"code: "ABC", amount: 0"#,
        ])
    func accepted(_ input: String) {
        #expect(Self.refusal(input) == nil, "\(input)")
    }

    @Test(
        "values a column would change are refused as ValidationErrors naming the field",
        arguments: [
            (#"code: "ABC", amount: 1.234"#, "ValidationError: Value for 'Measure.amount' has more than 2 decimals, which numeric(5,2) would round away."),
            (#"code: "ABC", amount: 0.001"#, "ValidationError: Value for 'Measure.amount' has more than 2 decimals, which numeric(5,2) would round away."),
            (#"code: "ABC", amount: 1000"#, "ValidationError: Value for 'Measure.amount' has more digits than numeric(5,2) holds (at most 3 before the decimal point)."),
            (#"code: "ABC", amount: 1e3"#, "ValidationError: Value for 'Measure.amount' has more digits than numeric(5,2) holds (at most 3 before the decimal point)."),
            (
                #"code: "ABC", ratio: 0.123456789"#,
                "ValidationError: Value for 'Measure.ratio' has more precision than its column's type, real (single precision), keeps: it would be stored as 0.12345679."
            ),
            (
                #"code: "ABC", ratio: 16777217"#,
                "ValidationError: Value for 'Measure.ratio' has more precision than its column's type, real (single precision), keeps: it would be stored as 16777216.0."
            ),
            (#"code: "ABC", ratio: 1e39"#, "ValidationError: Value for 'Measure.ratio' is beyond the range of its column's type, real (single precision)."),
            (#"code: "AB""#, "ValidationError: Value for 'Measure.code' has 2 characters; its column is character(3), which would pad it with spaces (send exactly 3)."),
            (#"code: "ABCD""#, "ValidationError: Value for 'Measure.code' has 4 characters; its column is character(3)."),
            (#"code: "ABC", label: "abcd ""#, "ValidationError: Value for 'Measure.label' has 5 characters; its column is character varying(4)."),
        ])
    func refused(_ input: String, _ message: String) {
        #expect(Self.refusal(input) == message, "\(input)")
    }

    @Test("an Int read from a bigint column is cast to integer; from an integer column it is not")
    func bigintRead() throws {
        let plan = try Self.planner.plan(query: #"{ getMeasure(code: "ABC") { big amount } }"#, operationName: nil, inputs: [:])
        guard case .statement(let statement, _)? = plan.fields.first?.plan else {
            Issue.record("no statement")
            return
        }
        #expect(statement.sql.contains(#"("__r$1"."big")::integer"#) || statement.sql.contains(#""big")::integer"#), "\(statement.sql)")
        #expect(!statement.sql.contains(#""amount")::"#), "\(statement.sql)")
    }

    @Test("type modifiers decode as PostgreSQL packs them")
    func modifiers() {
        #expect(ColumnLimit(typeName: "numeric", modifier: (12 << 16 | 2) + 4) == .decimal(precision: 12, scale: 2))
        #expect(ColumnLimit(typeName: "numeric", modifier: (5 << 16 | (0x800 - 2)) + 4) == .decimal(precision: 5, scale: -2))
        #expect(ColumnLimit(typeName: "numeric", modifier: -1) == nil)
        #expect(ColumnLimit(typeName: "bpchar", modifier: 3 + 4) == .fixedLength(3))
        #expect(ColumnLimit(typeName: "varchar", modifier: 20 + 4) == .maximumLength(20))
        #expect(ColumnLimit(typeName: "int4", modifier: 8) == nil)
        #expect(ColumnLimit.decimal(precision: 5, scale: -2).problem(withNumber: "1250") != nil)
        #expect(ColumnLimit.decimal(precision: 5, scale: -2).problem(withNumber: "1200") == nil)
    }
}

import Migrations
import SQLSyntax
import SchemaParser
import Storage
import TestSupport
import Testing

/// One schema change of each kind, and the migration it produces.
struct ChangeCase: CustomTestStringConvertible, Sendable {
    var name: String
    var before: String
    var after: String
    var renames: [String: String] = [:]
    var testDescription: String { name }
}

private let auth = "@auth(rules: [{allow: public}])"

let changeCases: [ChangeCase] = [
    ChangeCase(name: "add-model", before: "type A @model \(auth) { x: String }", after: "type A @model \(auth) { x: String }\ntype B @model \(auth) { y: Int }"),
    ChangeCase(name: "drop-model", before: "type A @model \(auth) { x: String }\ntype B @model \(auth) { y: Int }", after: "type A @model \(auth) { x: String }"),
    ChangeCase(name: "add-optional-field", before: "type A @model \(auth) { x: String }", after: "type A @model \(auth) { x: String  y: [Int!] }"),
    ChangeCase(
        name: "add-required-field-with-default", before: "type A @model \(auth) { x: String }", after: "type A @model \(auth) { x: String  n: Int! @default(value: \"7\") }"),
    ChangeCase(name: "drop-field", before: "type A @model \(auth) { x: String  y: String }", after: "type A @model \(auth) { x: String }"),
    ChangeCase(name: "make-required-with-default", before: "type A @model \(auth) { x: String }", after: "type A @model \(auth) { x: String! @default(value: \"none\") }"),
    ChangeCase(name: "make-required-without-default", before: "type A @model \(auth) { x: String }", after: "type A @model \(auth) { x: String! }"),
    ChangeCase(name: "make-optional", before: "type A @model \(auth) { x: String! }", after: "type A @model \(auth) { x: String }"),
    ChangeCase(name: "widen-type", before: "type A @model \(auth) { n: Int }", after: "type A @model \(auth) { n: Float }"),
    ChangeCase(name: "narrow-type", before: "type A @model \(auth) { n: Float }", after: "type A @model \(auth) { n: Int }"),
    ChangeCase(name: "change-default", before: "type A @model \(auth) { n: Int @default(value: \"1\") }", after: "type A @model \(auth) { n: Int @default(value: \"2\") }"),
    ChangeCase(name: "add-enum-value", before: "enum E { A B }\ntype T @model \(auth) { e: E }", after: "enum E { A B C }\ntype T @model \(auth) { e: E }"),
    ChangeCase(name: "remove-enum-value", before: "enum E { A B }\ntype T @model \(auth) { e: E }", after: "enum E { A }\ntype T @model \(auth) { e: E }"),
    ChangeCase(name: "add-index", before: "type A @model \(auth) { x: String }", after: "type A @model \(auth) { x: String @index(name: \"byX\") }"),
    ChangeCase(
        name: "add-relationship", before: "type A @model \(auth) { id: ID! }\ntype B @model \(auth) { aId: ID }",
        after: "type A @model \(auth) { id: ID!  bs: [B] @hasMany(references: [\"aId\"]) }\ntype B @model \(auth) { aId: ID  a: A @belongsTo(references: [\"aId\"]) }"),
    ChangeCase(name: "rename-field", before: "type A @model \(auth) { title: String }", after: "type A @model \(auth) { headline: String }", renames: ["A.title": "headline"]),
    ChangeCase(name: "rename-model", before: "type A @model \(auth) { x: String }", after: "type B @model \(auth) { x: String }", renames: ["A": "B"]),
    ChangeCase(
        name: "change-key", before: "type A @model \(auth) { code: String! @primaryKey  x: String }",
        after: "type A @model \(auth) { code: String! @primaryKey(sortKeyFields: [\"x\"])  x: String! @default(value: \"-\") }"),
    ChangeCase(
        name: "rename-by-refersTo-keeps-the-column", before: "type A @model \(auth) { title: String }",
        after: "type A @model \(auth) { headline: String @refersTo(name: \"title\") }"),
]

@Suite("Schema changes")
struct SchemaChangeTests {
    static func storage(_ source: String) throws -> StorageSchema {
        StorageMapping.storage(for: try SchemaParser.parseOrThrow(source: source))
    }

    @Test("each change kind produces its golden migration", arguments: changeCases)
    func change(_ change: ChangeCase) throws {
        let plan = MigrationDiff.plan(from: try Self.storage(change.before), to: try Self.storage(change.after), renames: change.renames)
        var text = plan.sql(header: change.name)
        for problem in plan.unsupported { text += "-- UNSUPPORTED: \(problem)\n" }
        if let difference = Golden.check(text, named: "change-\(change.name).sql") { Issue.record(Comment(rawValue: difference)) }
    }

    @Test("destructive kinds are flagged, safe kinds are not")
    func destructiveFlags() throws {
        let destructive = ["drop-model", "drop-field", "make-required-without-default", "narrow-type", "remove-enum-value", "change-key"]
        for change in changeCases {
            let plan = MigrationDiff.plan(from: try Self.storage(change.before), to: try Self.storage(change.after), renames: change.renames)
            #expect(plan.destructiveSteps.isEmpty != destructive.contains(change.name), "\(change.name)")
            #expect(plan.unsupported.isEmpty, "\(change.name): \(plan.unsupported)")
        }
    }

    @Test("a @refersTo rename changes nothing in storage")
    func refersToRename() throws {
        let change = try #require(changeCases.first { $0.name == "rename-by-refersTo-keeps-the-column" })
        #expect(MigrationDiff.plan(from: try Self.storage(change.before), to: try Self.storage(change.after)).isEmpty)
    }
}

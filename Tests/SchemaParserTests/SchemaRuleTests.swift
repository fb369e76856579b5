import ModelIR
import SchemaParser
import Testing

/// One case per schema rule of docs/api-contract.md §8–§12 (and docs/decisions.md): the schema, the message it must produce,
/// and the line it must point at.
struct RuleCase: CustomTestStringConvertible, Sendable {
    var rule: String
    var schema: String
    var message: String
    var line: Int
    /// The column it must point at, when the rule names one.
    var column: Int? = nil
    var testDescription: String { rule }
}

let P = "@auth(rules: [{allow: public}])"

let ruleCases: [RuleCase] = [
    RuleCase(rule: "unknown field type", schema: "type A @model \(P) {\n  b: Nope\n}", message: "Unknown type 'Nope'.", line: 2),
    RuleCase(rule: "type declared twice", schema: "enum A { X }\nenum A { Y }", message: "Type 'A' is declared twice", line: 2),
    RuleCase(rule: "field declared twice", schema: "type A @model \(P) {\n  b: String\n  b: Int\n}", message: "Field 'A.b' is declared twice.", line: 3),
    RuleCase(rule: "model named Query", schema: "type Query @model \(P) {\n  id: ID!\n}", message: "A model may not be named 'Query'.", line: 1),
    RuleCase(rule: "unknown directive on a model", schema: "type A @model @searchable {\n  id: ID!\n}", message: "Unknown directive '@searchable' on model 'A'", line: 1),
    RuleCase(rule: "unknown directive on a field", schema: "type A @model \(P) {\n  b: String @aws_lambda\n}", message: "Unknown directive '@aws_lambda' on field 'A.b'.", line: 2),
    RuleCase(
        rule: "model field without relationship directive", schema: "type A @model \(P) {\n  b: B\n}\ntype B @model \(P) {\n  id: ID!\n}",
        message: "refers to model 'B' without a relationship directive", line: 2),
    RuleCase(rule: "unknown @model argument", schema: "type A @model(search: true) \(P) {\n  id: ID!\n}", message: "Unknown @model argument 'search'", line: 1),
    RuleCase(rule: "bad operation name in @model", schema: "type A @model(queries: {get: \"1x\"}) \(P) {\n  id: ID!\n}", message: "must be a GraphQL name or null", line: 1),
    RuleCase(rule: "@auth without rules", schema: "type A @model @auth {\n  id: ID!\n}", message: "@auth needs a 'rules' argument.", line: 1),
    RuleCase(rule: "@auth custom rule unsupported", schema: "type A @model @auth(rules: [{allow: custom}]) {\n  id: ID!\n}", message: "'allow: custom' is not supported", line: 1),
    RuleCase(
        rule: "@auth IAM provider unsupported", schema: "type A @model @auth(rules: [{allow: private, provider: iam}]) {\n  id: ID!\n}",
        message: "has provider 'iam', which ModelGraph does not support", line: 1),
    RuleCase(
        rule: "@auth public with userPools", schema: "type A @model @auth(rules: [{allow: public, provider: userPools}]) {\n  id: ID!\n}",
        message: "cannot use provider userPools; use apiKey", line: 1),
    RuleCase(
        rule: "@auth owner with an API key", schema: "type A @model @auth(rules: [{allow: owner, provider: apiKey}]) {\n  id: ID!\n}",
        message: "cannot use provider apiKey; use oidc or userPools", line: 1),
    RuleCase(
        rule: "@auth v1 queries key", schema: "type A @model @auth(rules: [{allow: owner, queries: [get]}]) {\n  id: ID!\n}",
        message: "'queries' is the transformer v1 spelling", line: 1),
    RuleCase(
        rule: "@auth key of another strategy", schema: "type A @model @auth(rules: [{allow: owner, groups: [\"a\"]}]) {\n  id: ID!\n}",
        message: "rule key 'groups' does not apply to 'allow: owner'", line: 1),
    RuleCase(
        rule: "@auth static and dynamic groups at once",
        schema: "type A @model @auth(rules: [{allow: groups, groups: [\"a\"], groupsField: \"g\"}]) {\n  id: ID!\n  g: String\n}",
        message: "takes 'groups' (static) or 'groupsField' (dynamic), not both", line: 1),
    RuleCase(
        rule: "@auth groups field not declared", schema: "type A @model @auth(rules: [{allow: groups, groupsField: \"team\"}]) {\n  id: ID!\n}",
        message: "reads groupsField 'team', which 'A' does not declare", line: 1),
    RuleCase(
        rule: "@auth owner field of the wrong type", schema: "type A @model @auth(rules: [{allow: owner, ownerField: \"n\"}]) {\n  id: ID!\n  n: Int\n}",
        message: "Field 'A.n' holds the record's owner for @auth, so it must be String, ID or a list of them.", line: 3),
    RuleCase(
        rule: "@auth unknown operation", schema: "type A @model @auth(rules: [{allow: public, operations: [fly]}]) {\n  id: ID!\n}", message: "Unknown @auth operation 'fly'",
        line: 1),
    RuleCase(
        rule: "field-level @auth with a custom rule", schema: "type A @model \(P) {\n  b: String @auth(rules: [{allow: custom}])\n}",
        message: "@auth rule 'allow: custom' is not supported", line: 2),
    RuleCase(rule: "two @primaryKey", schema: "type A @model \(P) {\n  a: ID! @primaryKey\n  b: ID! @primaryKey\n}", message: "Model 'A' has more than one @primaryKey.", line: 3),
    RuleCase(
        rule: "nullable primary key", schema: "type A @model \(P) {\n  a: ID @primaryKey\n}", message: "The primary key field 'A.a' must be a non-null scalar or enum", line: 2),
    RuleCase(
        rule: "missing sort key field", schema: "type A @model \(P) {\n  a: ID! @primaryKey(sortKeyFields: [\"z\"])\n}", message: "The sort key field 'z' does not exist on 'A'.",
        line: 2, column: 38),
    RuleCase(
        rule: "missing second sort key field", schema: "type A @model \(P) {\n  a: ID! @primaryKey(sortKeyFields: [\"b\", \"z\"])\n  b: String!\n}",
        message: "The sort key field 'z' does not exist on 'A'.", line: 2, column: 43),
    RuleCase(
        rule: "missing sort key field given as a string", schema: "type A @model \(P) {\n  a: ID!\n  b: ID! @primaryKey(sortKeyFields: \"z\")\n}",
        message: "The sort key field 'z' does not exist on 'A'.", line: 3, column: 37),
    RuleCase(
        rule: "primary key naming a field twice", schema: "type A @model \(P) {\n  a: ID! @primaryKey(sortKeyFields: [\"b\", \"b\"])\n  b: String!\n}",
        message: "names a field twice", line: 2, column: 10),
    RuleCase(
        rule: "list sort key", schema: "type A @model \(P) {\n  a: ID! @primaryKey(sortKeyFields: [\"b\"])\n  b: [String]!\n}",
        message: "The sort key field 'A.b' must be a non-null scalar or enum", line: 3),
    RuleCase(
        rule: "Boolean sort key", schema: "type A @model \(P) {\n  a: ID! @primaryKey(sortKeyFields: [\"b\"])\n  b: Boolean!\n}",
        message: "Sort key field 'A.b' cannot be a Boolean.", line: 3),
    RuleCase(
        rule: "key is its own sort key", schema: "type A @model \(P) {\n  a: ID! @primaryKey(sortKeyFields: [\"a\"])\n}", message: "cannot also be one of its own sort keys",
        line: 2, column: 38),
    RuleCase(rule: "bad index name", schema: "type A @model \(P) {\n  b: String @index(name: \"x\")\n}", message: "@index name 'x' on 'A.b' must be 3 to 255", line: 2),
    RuleCase(rule: "null index name", schema: "type A @model \(P) {\n  b: String @index(name: null)\n}", message: "@index 'name' on 'A.b' cannot be null", line: 2),
    RuleCase(
        rule: "duplicate index name", schema: "type A @model \(P) {\n  b: String @index(name: \"byX\")\n  c: String @index(name: \"byX\")\n}",
        message: "Model 'A' has two indexes named 'byX'.", line: 3),
    RuleCase(
        rule: "missing index sort key", schema: "type A @model \(P) {\n  b: String @index(name: \"byB\", sortKeyFields: [\"z\"])\n}", message: "sort key field 'z' does not exist",
        line: 2),
    RuleCase(
        rule: "index on the primary key without a sort key", schema: "type A @model \(P) {\n  id: ID! @index(name: \"byId\")\n}",
        message: "needs the primary key to have a sort key", line: 2),
    RuleCase(
        rule: "@hasMany on a non-list", schema: "type A @model \(P) {\n  b: B @hasMany\n}\ntype B @model \(P) {\n  id: ID!\n}", message: "@hasMany on 'A.b' needs a list type",
        line: 2),
    RuleCase(
        rule: "@hasOne on a list", schema: "type A @model \(P) {\n  b: [B] @hasOne\n}\ntype B @model \(P) {\n  id: ID!\n}", message: "@hasOne on 'A.b' cannot be a list", line: 2),
    RuleCase(
        rule: "relationship to a non-model", schema: "type A @model \(P) {\n  b: B @hasOne\n}\ntype B {\n  x: String\n}", message: "'B' is not annotated with @model", line: 2),
    RuleCase(
        rule: "fields and references together",
        schema: "type A @model \(P) {\n  id: ID!\n  bs: [B] @hasMany(fields: [\"id\"], references: [\"aId\"])\n}\ntype B @model \(P) {\n  aId: ID\n}",
        message: "cannot have both 'fields' and 'references'", line: 3),
    RuleCase(
        rule: "empty references", schema: "type A @model \(P) {\n  bs: [B] @hasMany(references: [])\n}\ntype B @model \(P) {\n  aId: ID\n}",
        message: "'references' on 'A.bs' must be a non-empty list", line: 2),
    RuleCase(
        rule: "reference field missing",
        schema: "type A @model \(P) {\n  bs: [B] @hasMany(references: [\"aId\"])\n}\ntype B @model \(P) {\n  a: A @belongsTo(references: [\"aId\"])\n}",
        message: "reference field 'aId' does not exist on 'B'", line: 2),
    RuleCase(
        rule: "reference type mismatch",
        schema: "type A @model \(P) {\n  bs: [B] @hasMany(references: [\"aId\"])\n}\ntype B @model \(P) {\n  aId: Int\n  a: A @belongsTo(references: [\"aId\"])\n}",
        message: "reference field 'B.aId' is Int but 'A.id' is ID", line: 2),
    RuleCase(
        rule: "required relationship field with references",
        schema: "type A @model \(P) {\n  bs: [B]! @hasMany(references: [\"aId\"])\n}\ntype B @model \(P) {\n  aId: ID\n  a: A @belongsTo(references: [\"aId\"])\n}",
        message: "must be nullable; use '[B]'", line: 2),
    RuleCase(
        rule: "uni-directional references", schema: "type A @model \(P) {\n  bs: [B] @hasMany(references: [\"aId\"])\n}\ntype B @model \(P) {\n  aId: ID\n}",
        message: "uni-directional relationships are not supported", line: 2),
    RuleCase(
        rule: "mixed reference nullability",
        schema:
            "type A @model \(P) {\n  k: ID! @primaryKey(sortKeyFields: [\"s\"])\n  s: ID!\n  bs: [B] @hasMany(references: [\"x\", \"y\"])\n}\ntype B @model \(P) {\n  x: ID!\n  y: ID\n  a: A @belongsTo(references: [\"x\", \"y\"])\n}",
        message: "must be all required or all optional", line: 4),
    RuleCase(
        rule: "indexName with references",
        schema:
            "type A @model \(P) {\n  bs: [B] @hasMany(references: [\"aId\"], indexName: \"byA\")\n}\ntype B @model \(P) {\n  aId: ID\n  a: A @belongsTo(references: [\"aId\"])\n}",
        message: "'indexName' is not supported together with 'references'", line: 2),
    RuleCase(
        rule: "belongsTo without a partner", schema: "type A @model \(P) {\n  id: ID!\n}\ntype B @model \(P) {\n  a: A @belongsTo\n}",
        message: "'A' must have a @hasOne or @hasMany relationship with 'B' in order to use @belongsTo", line: 5),
    RuleCase(
        rule: "hasMany index that does not exist",
        schema: "type A @model \(P) {\n  id: ID!\n  bs: [B] @hasMany(indexName: \"byA\", fields: [\"id\"])\n}\ntype B @model \(P) {\n  aId: ID\n}",
        message: "index 'byA' does not exist for model 'B'", line: 3),
    RuleCase(
        rule: "fields type mismatch", schema: "type A @model \(P) {\n  id: ID!\n  bId: Int\n  b: B @hasOne(fields: [\"bId\"])\n}\ntype B @model \(P) {\n  id: ID!\n}",
        message: "field 'bId' is of type Int but 'B.id' is of type ID", line: 4),
    RuleCase(
        rule: "partial sort keys",
        schema: "type A @model \(P) {\n  bId: ID\n  b: B @hasOne(fields: [\"bId\"])\n}\ntype B @model \(P) {\n  id: ID! @primaryKey(sortKeyFields: [\"s\"])\n  s: String!\n}",
        message: "partial sort keys are not accepted", line: 3),
    RuleCase(
        rule: "manyToMany used once", schema: "type A @model \(P) {\n  bs: [B] @manyToMany(relationName: \"AB\")\n}\ntype B @model \(P) {\n  id: ID!\n}",
        message: "must be used in exactly two places; found 1", line: 2),
    RuleCase(
        rule: "manyToMany relation name taken",
        schema: "type A @model \(P) {\n  bs: [B] @manyToMany(relationName: \"B\")\n}\ntype B @model \(P) {\n  as: [A] @manyToMany(relationName: \"B\")\n}",
        message: "would create type 'B', which already exists", line: 2),
    RuleCase(
        rule: "manyToMany element mismatch",
        schema: "type A @model \(P) {\n  bs: [A] @manyToMany(relationName: \"AB\")\n}\ntype B @model \(P) {\n  as: [A] @manyToMany(relationName: \"AB\")\n}",
        message: "expects 'A.bs' to be [B] but got [A]", line: 2),
    RuleCase(
        rule: "@refersTo on a relationship",
        schema:
            "type A @model \(P) {\n  id: ID!\n  bs: [B] @hasMany(references: [\"aId\"]) @refersTo(name: \"x\")\n}\ntype B @model \(P) {\n  aId: ID\n  a: A @belongsTo(references: [\"aId\"])\n}",
        message: "@refersTo is not allowed on relationship field 'A.bs'", line: 3),
    RuleCase(rule: "@refersTo without a name", schema: "type A @model @refersTo \(P) {\n  id: ID!\n}", message: "@refersTo on model 'A' needs a non-empty string 'name'.", line: 1),
    RuleCase(
        rule: "two models on one table", schema: "type A @model @refersTo(name: \"t\") \(P) {\n  id: ID!\n}\ntype B @model @refersTo(name: \"t\") \(P) {\n  id: ID!\n}",
        message: "Models 'A' and 'B' are both stored in table 't'.", line: 4),
    RuleCase(
        rule: "model mapped to another model's name",
        schema: "type A @model @refersTo(name: \"B\") \(P) {\n  id: ID!\n}\ntype B @model @refersTo(name: \"b\") \(P) {\n  id: ID!\n}",
        message: "mapped to 'B', which is the name of another model", line: 1),
    RuleCase(
        rule: "a column with the reserved __ prefix", schema: "type A @model \(P) {\n  id: ID!\n  b: String @refersTo(name: \"__r1\")\n}",
        message: "Field 'A.b' is stored in column '__r1': names beginning with '__' are reserved.", line: 3),
    RuleCase(
        rule: "two fields on one column", schema: "type A @model \(P) {\n  b: String @refersTo(name: \"c\")\n  c: String\n}", message: "are both stored in column 'c'", line: 3),
    RuleCase(rule: "@default on a list", schema: "type A @model \(P) {\n  b: [String] @default(value: \"x\")\n}", message: "@default is not allowed on list field 'A.b'.", line: 2),
    RuleCase(rule: "@default with a bad value", schema: "type A @model \(P) {\n  b: Boolean @default(value: \"yes\")\n}", message: "is not a Boolean", line: 2),
    RuleCase(rule: "@default without value", schema: "type A @model \(P) {\n  b: String @default\n}", message: "takes exactly one argument, 'value'", line: 2),
    RuleCase(rule: "custom scalar", schema: "scalar Money", message: "Custom scalar 'Money' is not supported", line: 1),
    RuleCase(rule: "interface", schema: "interface Node { id: ID! }", message: "Interfaces are not supported yet", line: 1),
    RuleCase(
        rule: "timestamp of a wrong type", schema: "type A @model \(P) {\n  createdAt: Int\n}", message: "Timestamp field 'A.createdAt' must be AWSDateTime or String", line: 2),
    RuleCase(rule: "non-model type with a directive", schema: "type A {\n  b: String @default(value: \"x\")\n}", message: "'A' is not a @model type", line: 2),
    RuleCase(rule: "field arguments", schema: "type A @model \(P) {\n  b(x: Int): String\n}", message: "may not declare arguments", line: 2),
]

@Suite("Schema rules")
struct SchemaRuleTests {
    @Test("each rule reports its message at its line", arguments: ruleCases)
    func rule(_ ruleCase: RuleCase) {
        let result = SchemaParser.parse(source: ruleCase.schema, file: "rule.graphql")
        let match = result.errors.first { $0.message.contains(ruleCase.message) }
        #expect(match != nil, "got: \(result.errors.map(\.description))")
        #expect(match?.location?.line == ruleCase.line, "got: \(result.errors.map(\.description))")
        if let column = ruleCase.column {
            #expect(match?.location?.column == column, "got: \(result.errors.map(\.description))")
        }
        #expect(match?.location?.file == "rule.graphql")
        #expect(result.schema == nil)
    }
}

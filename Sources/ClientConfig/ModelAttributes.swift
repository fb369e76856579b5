import JSON
import ModelIR

/// A model's `attributes` in the model introspection, in the order Amplify's generator writes them: `@model`
/// (with the arguments that rename or disable operations and timestamps, which the Gen 2 client reads to leave
/// disabled operations out of `client.models`), `@refersTo`, the primary key when declared, each index, the
/// index a one-way `@hasMany` puts on its child, and the auth rules last.
enum ModelAttributes {
    static func attributes(of model: Model, in schema: Schema) -> [JSONValue] {
        let strings = { (names: [String]) in JSONValue.list(names.map(JSONValue.string)) }
        var result: [JSONValue] = [.object([("type", .string("model")), ("properties", .object(modelProperties(model, in: schema)))])]
        if model.tableName != model.name {
            result.append(.object([("type", .string("refersTo")), ("properties", .object([("name", .string(model.tableName))]))]))
        }
        if model.hasPrimaryKeyDirective {
            result.append(.object([("type", .string("key")), ("properties", .object([("fields", strings(model.primaryKey))]))]))
        }
        for index in model.indexes {
            var properties: [(String, JSONValue)] = [("name", .string(index.name))]
            // A join model's indexes are listed without their queries, as the generator lists the join model
            // it synthesizes; the client then builds no query whose variables it would type differently.
            if let queryField = index.queryField, model.manyToManyRelation == nil { properties.append(("queryField", .string(queryField))) }
            properties.append(("fields", strings(index.fields)))
            result.append(.object([("type", .string("key")), ("properties", .object(properties))]))
        }
        for (parent, field) in oneWayParents(of: model, in: schema) {
            let fields = field.relationship?.targetFields ?? []
            result.append(.object([("type", .string("key")), ("properties", .object([("name", .string("gsi-\(parent.name).\(field.name)")), ("fields", strings(fields))]))]))
        }
        if !model.auth.rules.isEmpty {
            result.append(.object([("type", .string("auth")), ("properties", .object([("rules", .list(model.auth.rules.map(AuthRuleIntrospection.rule)))]))]))
        }
        return result
    }

    /// The `@hasMany` fields that reach `model` through reference fields the schema implies, from a parent that
    /// `model` has no `@belongsTo` to: the generator names an index on the child for each (`gsi-Parent.field`).
    static func oneWayParents(of model: Model, in schema: Schema) -> [(Model, Field)] {
        schema.models.flatMap { parent in
            parent.fields.compactMap { field -> (Model, Field)? in
                guard let relationship = field.relationship, relationship.kind == .hasMany, relationship.target == model.name,
                    !relationship.targetFields.isEmpty,
                    relationship.targetFields.allSatisfy({ model.field(named: $0)?.origin == .implicitReference }),
                    !model.fields.contains(where: { $0.relationship?.kind == .belongsTo && $0.relationship?.target == parent.name })
                else { return nil }
                return (parent, field)
            }
        }
    }

    /// The `@model` arguments that differ from the defaults, as the schema would write them: `queries`,
    /// `mutations` and `subscriptions` (`null` when all are off, else the renamed or disabled ones) and
    /// `timestamps` (`null` when there are none, else the renamed ones). A SQL schema's models have no
    /// timestamps without saying so.
    static func modelProperties(_ model: Model, in schema: Schema) -> [(String, JSONValue)] {
        let operations = model.operations
        var result: [(String, JSONValue)] = []
        let single = { (name: OperationName) -> JSONValue? in
            switch name {
            case .automatic: nil
            case .renamed(let renamed): .string(renamed)
            case .disabled: .null
            }
        }
        let subscription = { (names: SubscriptionNames) -> JSONValue? in
            switch names {
            case .automatic: nil
            case .renamed(let renamed): .list(renamed.map(JSONValue.string))
            case .disabled: .null
            }
        }
        let groups: [(String, [(String, JSONValue?)])] = [
            ("queries", [("get", single(operations.get)), ("list", single(operations.list))]),
            ("mutations", [("create", single(operations.create)), ("update", single(operations.update)), ("delete", single(operations.delete))]),
            ("subscriptions", [("onCreate", subscription(operations.onCreate)), ("onUpdate", subscription(operations.onUpdate)), ("onDelete", subscription(operations.onDelete))]),
        ]
        for (group, members) in groups {
            let changed = members.compactMap { name, value in value.map { (name, $0) } }
            if changed.isEmpty { continue }
            result.append((group, changed.count == members.count && changed.allSatisfy { $0.1 == .null } ? .null : .object(changed)))
        }
        let timestamps = model.timestamps
        if timestamps.createdAt == nil, timestamps.updatedAt == nil {
            if !schema.isExistingDatabase { result.append(("timestamps", .null)) }
        } else if timestamps != Timestamps.defaults {
            let renamed = [("createdAt", timestamps.createdAt), ("updatedAt", timestamps.updatedAt)].compactMap { name, value -> (String, JSONValue)? in
                if value == name { return nil }
                return (name, value.map(JSONValue.string) ?? .null)
            }
            result.append(("timestamps", .object(renamed)))
        }
        return result
    }
}

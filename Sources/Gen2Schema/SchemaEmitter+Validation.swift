import ModelIR

/// The checks Amplify's converter makes while it writes a model, with the meaning of its messages, each at the
/// place in the file it concerns; and the few the TypeScript compiler makes for it (names of identifier and
/// index fields), which a reader without a type checker must make itself.
extension SchemaEmitter {
    /// Every `a.ref` names an enum or custom type of the schema, never a model.
    func validateRefs(_ fields: [FieldEntry], of typeName: String, kind: String) throws(Gen2Error) {
        for field in fields {
            guard case .ref(let ref) = field.builder else { continue }
            guard let target = type(named: ref.link) else {
                throw Gen2Error("Invalid ref. \(typeName) is referring to \(ref.link) which is not defined in the schema.", at: ref.location)
            }
            if case .model = target.definition {
                throw Gen2Error(
                    "Cannot use `.ref()` to refer a model from a `\(kind)`. Field `\(field.name)` of `\(typeName)` refers to model `\(ref.link)`; use a.hasOne, a.hasMany or a.belongsTo.",
                    at: ref.location)
            }
            if case .operation = target.definition {
                throw Gen2Error("Field `\(field.name)` of `\(typeName)` refers to `\(ref.link)`, which is a custom operation, not a type.", at: ref.location)
            }
            if let mutations = ref.mutationsLocation {
                throw Gen2Error(".mutations([...]) belongs to the sources of a subscription's .for(...).", at: mutations)
            }
        }
    }

    /// Identifier and index fields are fields of the model (or the implicit `id`).
    func validateKeys(_ model: ModelDefinition, named name: String) throws(Gen2Error) {
        let names = Set(model.fields.map(\.name))
        for field in model.identifier where !names.contains(field) && field != "id" {
            throw Gen2Error("Identifier field '\(field)' is not a field of model \(name).", at: model.identifierLocation)
        }
        for index in model.indexes {
            for field in [index.partitionKey] + index.sortKeys where !names.contains(field) && field != "id" {
                throw Gen2Error("Secondary index field '\(field)' is not a field of model \(name).", at: index.location)
            }
        }
    }

    /// An index key that is an `a.ref` must refer to an enum.
    func validateIndexRefs(_ index: SecondaryIndex, model: ModelDefinition, named name: String) throws(Gen2Error) {
        for key in [index.partitionKey] + index.sortKeys {
            guard let field = model.fields.first(where: { $0.name == key }), case .ref(let ref) = field.builder else { continue }
            if let target = type(named: ref.link), case .enumType = target.definition { continue }
            throw Gen2Error(
                "The ref field `\(key)` used in the secondary index of `\(name)` should refer to an enum type. `\(ref.link)` is not a enum type.", at: index.location)
        }
    }

    /// The owner and group fields rules imply (a string, or a list of strings for `ownersDefinedIn` /
    /// `groupsDefinedIn`) agree with each other and with a declared field of that name; on existing databases
    /// they must be declared.
    func validateImpliedFields(_ model: ModelDefinition, named name: String, rules: [AuthRule], requireDeclared: Bool) throws(Gen2Error) {
        var implied: [String: (array: Bool, rule: AuthRule)] = [:]
        let fieldRules = model.fields.flatMap { field -> [AuthRule] in
            switch field.builder {
            case .scalar(let scalar): scalar.rules
            case .ref(let ref): ref.rules
            case .relationship(let relationship): relationship.rules
            default: []
            }
        }
        for rule in rules + fieldRules {
            guard let field = rule.field else { continue }
            if let existing = implied[field], existing.array != rule.multiple {
                throw Gen2Error("Field \(field) defined twice with conflicting definitions.", at: rule.location)
            }
            implied[field] = (rule.multiple, rule)
        }
        for (field, use) in implied.sorted(by: { $0.key < $1.key }) {
            guard let declared = model.fields.first(where: { $0.name == field }) else {
                if requireDeclared {
                    throw Gen2Error("Field \(field) isn't defined on \(name); an existing-database model declares its owner and group fields.", at: use.rule.location)
                }
                continue
            }
            var conflicting = true
            if case .scalar(let scalar) = declared.builder {
                let stringTypes: Set<String> = ["ID", "String", "AWSDate", "AWSTime", "AWSDateTime", "AWSEmail", "AWSPhone", "AWSURL", "AWSIPAddress"]
                conflicting = scalar.array != use.array || !stringTypes.contains(scalar.type)
            }
            if conflicting {
                throw Gen2Error(
                    "Implicit field \(field) conflicts with the explicit field definition: the rule needs \(use.array ? "a list of strings" : "a string").",
                    at: declared.location)
            }
        }
    }

    /// `.default()` (database-generated) only on PostgreSQL and on integers; identifier fields required.
    func validateGeneratedAndIdentifiers(_ model: ModelDefinition, database: DatabaseConfiguration?) throws(Gen2Error) {
        for field in model.fields {
            let isIdentifier = model.identifier.contains(field.name)
            guard case .scalar(let scalar) = field.builder else {
                if isIdentifier {
                    throw Gen2Error(
                        "Invalid identifier definition. Field \(field.name) cannot be used in the identifier. Identifiers must reference required or DB-generated fields.",
                        at: field.location)
                }
                continue
            }
            let generated = scalar.defaultValue == .generated
            if generated && database?.engine != "postgresql" {
                throw Gen2Error(
                    "Invalid field definition for \(field.name). DB-generated fields (.default() without a value) are only supported with PostgreSQL data sources.",
                    at: scalar.location)
            }
            if generated && scalar.type != "Int" {
                throw Gen2Error(
                    "Incompatible field type. Field type \(scalar.type) in field \(field.name) cannot be configured as a DB-generated field.", at: scalar.location)
            }
            if isIdentifier && !scalar.required && scalar.type != "ID" && !generated {
                throw Gen2Error(
                    "Invalid identifier definition. Field \(field.name) cannot be used in the identifier. Identifiers must reference required or DB-generated fields (add .required()).",
                    at: field.location)
            }
        }
    }
}

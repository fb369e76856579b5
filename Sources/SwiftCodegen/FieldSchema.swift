import APISchema
import ModelIR

/// The `ModelField(…)` entry of a field in a generated `schema`.
enum FieldSchema {
    /// The entry's lines in a `fields:` list (12 spaces in): one line, or the name and type on one line and the
    /// kind on the next when that would be too long.
    static func lines(for field: Field, in model: Model?, schema: Schema?) -> [String] {
        let (head, kind) = arguments(for: field, schema: schema)
        let line = "            ModelField(\(([head] + (kind.map { [$0] } ?? [])).joined(separator: ", "))),"
        guard line.count > 150, let kind else { return [line] }
        return ["            ModelField(", "                \(head),", "                \(kind)", "            ),"]
    }

    /// The name and API type arguments, and the kind argument (with `isReadOnly:`) when there is one.
    private static func arguments(for field: Field, schema: Schema?) -> (String, String?) {
        let name = SwiftNames.literal(field.name)
        let type = SwiftNames.literal(field.type.description)
        let readOnly = field.origin == .implicitTimestamp || field.origin == .implicitOwner ? "isReadOnly: true" : nil
        if let relationship = field.relationship {
            let target = relationship.target
            let fields = "localFields: \(SwiftNames.literals(relationship.localFields)), targetFields: \(SwiftNames.literals(relationship.targetFields))"
            switch kind(of: relationship) {
            case .belongsTo:
                return ("\(name), \(type)", ".belongsTo(target: { \(target).schema }, \(fields))")
            case .hasOne:
                return ("\(name), \(type)", ".hasOne(target: { \(target).schema }, \(fields))")
            case .hasMany:
                let connection = schema?.model(named: target).map { ModelNames($0).connection } ?? "Model\(target)Connection"
                return ("\(name), \(SwiftNames.literal(connection))", ".hasMany(target: { \(target).schema }, \(fields))")
            }
        }
        switch field.type.base {
        case .scalar, .model: return ("\(name), \(type)", readOnly)
        case .enumeration: return ("\(name), \(type)", ".enumeration" + (readOnly.map { ", \($0)" } ?? ""))
        case .object(let object): return ("\(name), \(type)", ".embedded({ \(object).embeddedSchema })" + (readOnly.map { ", \($0)" } ?? ""))
        }
    }

    /// How the client treats a relationship.
    enum Kind {
        /// One record, whose key this model stores.
        case belongsTo
        /// One record that stores this model's key.
        case hasOne
        /// The records that store this model's key (or the join records of a many-to-many side).
        case hasMany
    }

    /// The client's kind of `relationship`.
    static func kind(of relationship: Relationship) -> Kind {
        switch relationship.kind {
        case .hasMany, .manyToMany: .hasMany
        case .belongsTo: .belongsTo
        case .hasOne: relationship.referenceOwner == .local ? .belongsTo : .hasOne
        }
    }
}

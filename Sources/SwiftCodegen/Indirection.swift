import ModelIR

/// The fields a generated struct holds indirectly: a field (not a list) whose type leads back to the struct
/// through other such fields (`input Where { not: Where }`, `type Node { next: Node }`). Swift cannot store a
/// struct inside itself, so such a field is a computed property over a private array of at most one element.
struct Indirection {
    /// For each type, the types its fields that are not lists refer to.
    private let references: [String: [String]]

    /// The indirection among `types` (the schema's input types, or its non-model types).
    init(_ types: [(name: String, fields: [FieldType])]) {
        var references: [String: [String]] = [:]
        for type in types {
            references[type.name] = type.fields.compactMap { field in
                if case .object(let name) = field.base, !field.isList { name } else { nil }
            }
        }
        self.references = references
    }

    /// True when the field of `type` on `owner` must be held indirectly.
    func isIndirect(_ type: FieldType, in owner: String) -> Bool {
        guard case .object(let start) = type.base, !type.isList else { return false }
        var seen: Set<String> = []
        var pending = [start]
        while let name = pending.popLast() {
            if name == owner { return true }
            if seen.insert(name).inserted { pending += references[name] ?? [] }
        }
        return false
    }

    /// The property of an indirect field `name` (Swift `property`) of Swift type `swiftType`: a computed
    /// property over its storage, and the storage, after the field's doc comment.
    static func propertyLines(name: String, property: String, swiftType: String) -> [String] {
        let optional = swiftType.hasSuffix("?")
        return [
            "    public var \(property): \(swiftType) {",
            "        get { _\(name)\(optional ? ".first" : "[0]") }",
            "        set { _\(name) = \(wrap("newValue", optional: optional)) }",
            "    }",
            "    /// The storage of `\(name)`: an array, since a struct cannot hold a value of its own type directly.",
            "    private var _\(name): [\(optional ? String(swiftType.dropLast()) : swiftType)]",
        ]
    }

    /// The storage's value for `expression`, a value of the field's Swift type.
    static func wrap(_ expression: String, optional: Bool) -> String {
        optional ? "\(expression).map { [$0] } ?? []" : "[\(expression)]"
    }
}

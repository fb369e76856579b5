/// Builds selection sets as the requests need them: every stored field and `__typename`; a stored reference
/// (belongsTo) as its target's key and `__typename` unless included; included relationships with their
/// target's selection in turn (a hasMany as a page: `items { … } nextToken`); nothing else.
package enum SelectionSet {
    /// The lines of `schema`'s selection (without braces) with `includes`, indented by `depth` levels.
    package static func lines(of schema: ModelSchema, includes: IncludeTree, depth: Int) throws(ModelGraphError) -> [String] {
        let pad = indent(depth)
        var lines: [String] = []
        for field in schema.fields {
            let included = includes.children[field.name]
            switch field.kind {
            case .scalar, .enumeration:
                lines.append(pad + field.name)
            case .embedded(let embedded):
                lines.append(pad + field.name + " {")
                lines += embeddedLines(of: embedded(), depth: depth + 1)
                lines.append(pad + "}")
            case .belongsTo(let target, _, _):
                lines.append(pad + field.name + " {")
                if let included {
                    lines += try self.lines(of: target(), includes: included, depth: depth + 1)
                } else {
                    lines += (target().primaryKey + ["__typename"]).map { indent(depth + 1) + $0 }
                }
                lines.append(pad + "}")
            case .hasOne(let target, _, _):
                guard let included else { continue }
                lines.append(pad + field.name + " {")
                lines += try self.lines(of: target(), includes: included, depth: depth + 1)
                lines.append(pad + "}")
            case .hasMany(let target, _, _):
                guard let included else { continue }
                lines.append(pad + field.name + " {")
                lines += try page(of: target(), includes: included, depth: depth + 1)
                lines.append(pad + "}")
            }
        }
        for name in includes.children.keys.sorted() where schema.field(named: name)?.isStored != false {
            throw .invalidRequest("\(schema.name).\(name) is not a relationship, so it cannot be included")
        }
        lines.append(pad + "__typename")
        return lines
    }

    /// The lines of a connection's selection: `items { … }` and `nextToken`.
    static func page(of schema: ModelSchema, includes: IncludeTree, depth: Int) throws(ModelGraphError) -> [String] {
        [indent(depth) + "items {"] + (try lines(of: schema, includes: includes, depth: depth + 1)) + [indent(depth) + "}", indent(depth) + "nextToken"]
    }

    /// A non-model value's fields, nested ones included. A field of a type already being selected around it (a
    /// type that holds itself, `type Node { children: [Node] }`) is left out, as is one left with nothing to
    /// select, so the selection ends; such a field reads as nil.
    static func embeddedLines(of schema: EmbeddedSchema, depth: Int, enclosing: Set<String> = []) -> [String] {
        let enclosing = enclosing.union([schema.name])
        var lines: [String] = []
        for field in schema.fields {
            if case .embedded(let nested) = field.kind {
                let nestedSchema = nested()
                guard !enclosing.contains(nestedSchema.name) else { continue }
                let inner = embeddedLines(of: nestedSchema, depth: depth + 1, enclosing: enclosing)
                guard !inner.isEmpty else { continue }
                lines.append(indent(depth) + field.name + " {")
                lines += inner
                lines.append(indent(depth) + "}")
            } else {
                lines.append(indent(depth) + field.name)
            }
        }
        return lines
    }

    /// Two spaces per level.
    static func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }
}

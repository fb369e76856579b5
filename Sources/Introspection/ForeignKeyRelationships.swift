import ModelIR
import Storage

extension IntrospectionBuilder {
    /// Adds a `belongsTo` to the child and a `hasMany` (or `hasOne`, when the reference columns are unique) to
    /// the parent for every foreign key from a model's table to another model's whole primary key.
    ///
    /// Names: the child's field is the reference column without its `_id`/`Id` suffix (`author_id` → `author`),
    /// or the parent's model name in lower camel case when that is taken or the key has several columns; the
    /// parent's field is the child's model name (plural for `hasMany`: `posts`), followed by `By` and the child's
    /// field name when the child has several foreign keys to the same parent (`postsByAuthor`, `postsByEditor`).
    /// A name still taken gets the first free number (`author2`). Models and keys are visited in table and
    /// constraint name order, so the same database always gives the same names.
    mutating func addRelationships() {
        for childIndex in models.indices {
            let child = models[childIndex]
            guard let relation = catalog.relation(named: child.table) else { continue }
            let keys = relation.foreignKeys.compactMap { reference(for: $0, child: child, relation: relation) }
            for (parentIndex, references, unique) in keys {
                let parentName = models[parentIndex].name
                let toSameParent = keys.filter { models[$0.0].name == parentName }.count
                var childTaken = Set(models[childIndex].fields.map(\.name) + models[childIndex].relationships.map(\.name))
                let belongsName = Naming.unique(belongsToName(references: references, child: models[childIndex], parent: parentName, taken: childTaken), in: childTaken)
                childTaken.insert(belongsName)
                models[childIndex].relationships.append(.init(name: belongsName, kind: .belongsTo, target: parentName, references: references))
                var base = Inflection.lowerFirst(unique ? child.name : Inflection.pluralize(child.name))
                if toSameParent > 1 { base += "By" + Inflection.upperFirst(belongsName) }
                let parentTaken = Set(models[parentIndex].fields.map(\.name) + models[parentIndex].relationships.map(\.name))
                let parentField = Naming.unique(base, in: parentTaken)
                models[parentIndex].relationships.append(.init(name: parentField, kind: unique ? .hasOne : .hasMany, target: child.name, references: references))
            }
        }
    }

    /// The parent model, the child's reference fields in the parent's key order, and whether they are unique in
    /// the child; nil (with a note) when the key does not point at a model's whole primary key.
    private mutating func reference(for key: CatalogForeignKey, child: IntrospectedSchema.Model, relation: CatalogRelation) -> (Int, [String], Bool)? {
        let label = "foreign key \(key.name) of \(relation.name)"
        guard key.referencedSchema == catalog.schemaName, let parentIndex = models.firstIndex(where: { $0.table == key.referencedTable }) else {
            notes.append("\(label) skipped: \(key.referencedTable) is not a model")
            return nil
        }
        guard let parentRelation = catalog.relation(named: key.referencedTable), Set(key.referencedColumns) == Set(parentRelation.primaryKey),
            key.referencedColumns.count == parentRelation.primaryKey.count
        else {
            notes.append("\(label) skipped: it references columns other than the primary key of \(key.referencedTable)")
            return nil
        }
        var references: [String] = []
        for parentColumn in parentRelation.primaryKey {
            guard let position = key.referencedColumns.firstIndex(of: parentColumn),
                let field = child.fields.first(where: { $0.column == key.columns[position] })
            else {
                notes.append("\(label) skipped: a reference column has no field")
                return nil
            }
            references.append(field.name)
        }
        let columns = Set(key.columns)
        let unique = columns == Set(relation.primaryKey) || relation.uniqueKeys.contains { Set($0) == columns }
        return (parentIndex, references, unique)
    }

    /// The child's field name for a reference: its single column without the `_id`/`Id` suffix, else the
    /// parent's name in lower camel case.
    private func belongsToName(references: [String], child: IntrospectedSchema.Model, parent: String, taken: Set<String>) -> String {
        let fallback = Inflection.lowerFirst(parent)
        guard references.count == 1, let column = child.fields.first(where: { $0.name == references[0] })?.column else { return fallback }
        var stem = column
        if stem.lowercased().hasSuffix("_id") {
            stem = String(stem.dropLast(3))
        } else if stem.count > 2, stem.hasSuffix("Id") || stem.hasSuffix("ID"), let before = stem.dropLast(2).last, before.isLowercase {
            stem = String(stem.dropLast(2))
        } else {
            return fallback
        }
        let name = Naming.fieldName(column: stem)
        return name.isEmpty || taken.contains(name) ? fallback : name
    }
}

import APISchema
import ModelIR
import SQLSyntax

extension UpdateDeleteCompiler {
    /// Count statements for every constraint that can block a batch delete of `model` records: each counts the
    /// records that still point at any of the batch's items (`entries`, one key input each), so a
    /// `ReferenceInUse` error says how many records hold the batch up.
    func referenceChecks(batch entries: [[(String, InputValue)]], model: Model) throws(PlanError) -> [ReferenceCheck] {
        var checks: [ReferenceCheck] = []
        for (constraint, entry) in api.foreignKeys.entries.sorted(by: { $0.key < $1.key }) where entry.parent == model.name && entry.onDelete == "RESTRICT" {
            guard let child = api.model(entry.child) else { continue }
            var binds = BindAllocator(caller: selection.access.caller)
            let alias = binds.alias()
            var items: [SQLExpression] = []
            for item in entries {
                var parts: [SQLExpression] = []
                for (childField, key) in zip(entry.childFields, model.primaryKeyFields) {
                    guard let value = item.first(where: { $0.0 == key.name })?.1 else { continue }
                    let bound = try binds.bind(value, for: key, of: model, schema: api.schema)
                    parts.append(.binary(.column(table: alias, name: child.field(named: childField)?.columnName ?? childField), .equal, bound))
                }
                if !parts.isEmpty { items.append(.and(parts)) }
            }
            guard !items.isEmpty else { continue }
            let count = Select(
                columns: [SelectColumn(.aggregate(.count, [.keyword(.star)]))], from: [.table(api.table(child), alias: alias)],
                where: items.count == 1 ? items[0] : .or(items))
            checks.append(
                ReferenceCheck(
                    constraint: constraint, relationship: entry.relationshipName ?? "\(child.name).\(entry.childFields.joined(separator: ","))",
                    countSQL: SQLRenderer.render(.select(count)), parameters: binds.values, parameterSources: binds.sources
                ))
        }
        return checks
    }
}

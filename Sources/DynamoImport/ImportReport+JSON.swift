package import JSON

extension ImportReport {
    /// The report as JSON.
    package var json: JSONValue {
        .object([
            (
                "models",
                .object(
                    models.map { name, counts in
                        (
                            name,
                            .object([
                                ("read", .int(counts.read)), ("written", .int(counts.written)), ("deleted", .int(counts.deleted)), ("refused", .int(counts.refused)),
                                ("dropped", .int(counts.dropped)), ("tombstones", .int(counts.tombstones)),
                                ("refusals", .list(counts.refusals.map { .object([("key", .string($0.key)), ("reason", .string($0.reason))]) })),
                                ("unknownAttributes", .object(counts.unknownAttributes.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
                            ])
                        )
                    })
            ),
            (
                "dangling",
                .list(
                    dangling.map {
                        .object([
                            ("relationship", .string($0.relationship)), ("count", .int($0.count)), ("examples", .list($0.examples.map(JSONValue.string))),
                            ("action", .string($0.action)),
                        ])
                    })
            ),
            ("unmatchedTables", .list(unmatchedTables.map(JSONValue.string))), ("seconds", .float(seconds)), ("rolledBack", .boolean(rolledBack)),
        ])
    }

    /// The report its JSON describes (a batched import's checkpoint); what it does not hold stays empty.
    init(json: JSONValue) {
        self.init()
        func int(_ value: JSONValue?) -> Int { if case .int(let number)? = value { number } else { 0 } }
        func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }
        if case .object(let models)? = json["models"] {
            for (name, counts) in models {
                var model = ModelCounts()
                model.read = int(counts["read"])
                model.written = int(counts["written"])
                model.deleted = int(counts["deleted"])
                model.refused = int(counts["refused"])
                model.dropped = int(counts["dropped"])
                model.tombstones = int(counts["tombstones"])
                if case .list(let refusals)? = counts["refusals"] { model.refusals = refusals.map { (string($0["key"]), string($0["reason"])) } }
                if case .object(let attributes)? = counts["unknownAttributes"] { for (key, value) in attributes { model.unknownAttributes[key] = int(value) } }
                self.models.append((name, model))
            }
        }
        if case .list(let tables)? = json["unmatchedTables"] { unmatchedTables = tables.map(string) }
    }
}

import GraphQL
import ModelIR

extension SchemaLowering {
    /// Reads `@model(queries:, mutations:, subscriptions:, timestamps:)`.
    mutating func readModelDirective(
        _ directive: Directive, model: String, operations: inout ModelOperationNames, timestamps: inout Timestamps
    ) {
        for argument in directive.arguments {
            let value = ArgumentValue(argument.value)
            let at = location(argument.loc)
            switch argument.name.value {
            case "queries":
                readOperationMap(value, keys: ["get", "list"], model: model, at: at) { key, name in
                    if key == "get" { operations.get = name } else { operations.list = name }
                }
            case "mutations":
                readOperationMap(value, keys: ["create", "update", "delete"], model: model, at: at) { key, name in
                    switch key {
                    case "create": operations.create = name
                    case "update": operations.update = name
                    default: operations.delete = name
                    }
                }
            case "subscriptions":
                readSubscriptions(value, model: model, at: at, operations: &operations)
            case "timestamps":
                readTimestamps(value, model: model, at: at, timestamps: &timestamps)
            default:
                error("Unknown @model argument '\(argument.name.value)' on '\(model)'; expected queries, mutations, subscriptions or timestamps.", at: at)
            }
        }
    }

    private mutating func readOperationMap(
        _ value: ArgumentValue, keys: [String], model: String, at: ModelIR.SourceLocation?,
        assign: (String, OperationName) -> Void
    ) {
        if value == .null {
            for key in keys { assign(key, .disabled) }
            return
        }
        guard case .object(let entries) = value else {
            error("@model argument on '\(model)' must be an object such as { \(keys[0]): \"name\" } or null.", at: at)
            return
        }
        for (key, entry) in entries {
            guard keys.contains(key) else {
                error("Unknown operation '\(key)' in @model on '\(model)'; expected \(keys.joined(separator: ", ")).", at: at)
                continue
            }
            switch entry {
            case .null: assign(key, .disabled)
            case .string(let name) where isValidName(name): assign(key, .renamed(name))
            default: error("Operation name '\(key)' in @model on '\(model)' must be a GraphQL name or null.", at: at)
            }
        }
    }

    private mutating func readSubscriptions(
        _ value: ArgumentValue, model: String, at: ModelIR.SourceLocation?, operations: inout ModelOperationNames
    ) {
        if value == .null {
            operations.onCreate = .disabled
            operations.onUpdate = .disabled
            operations.onDelete = .disabled
            return
        }
        guard case .object(let entries) = value else {
            error("@model 'subscriptions' on '\(model)' must be an object or null.", at: at)
            return
        }
        for (key, entry) in entries {
            let names: SubscriptionNames
            switch entry {
            case .null: names = .disabled
            default:
                if key == "level" {
                    if case .enumValue(let level) = entry, level == "off" {
                        operations.onCreate = .disabled
                        operations.onUpdate = .disabled
                        operations.onDelete = .disabled
                    } else if case .enumValue(let level) = entry, ["on", "public"].contains(level) {
                        // Subscriptions stay; auth level only matters once subscriptions are delivered.
                    } else {
                        error("@model subscriptions 'level' on '\(model)' must be off, public or on.", at: at)
                    }
                    continue
                }
                guard let list = entry.stringList, list.allSatisfy(isValidName) else {
                    error("Subscription names for '\(key)' in @model on '\(model)' must be a list of GraphQL names.", at: at)
                    continue
                }
                names = .renamed(list)
            }
            switch key {
            case "onCreate": operations.onCreate = names
            case "onUpdate": operations.onUpdate = names
            case "onDelete": operations.onDelete = names
            default: error("Unknown subscription '\(key)' in @model on '\(model)'; expected onCreate, onUpdate, onDelete or level.", at: at)
            }
        }
    }

    private mutating func readTimestamps(
        _ value: ArgumentValue, model: String, at: ModelIR.SourceLocation?, timestamps: inout Timestamps
    ) {
        if value == .null {
            timestamps = Timestamps(createdAt: nil, updatedAt: nil)
            return
        }
        guard case .object(let entries) = value else {
            error("@model 'timestamps' on '\(model)' must be an object or null.", at: at)
            return
        }
        for (key, entry) in entries {
            let name: String?
            switch entry {
            case .null: name = nil
            case .string(let text) where isValidName(text): name = text
            default:
                error("Timestamp name '\(key)' in @model on '\(model)' must be a GraphQL name or null.", at: at)
                continue
            }
            switch key {
            case "createdAt": timestamps.createdAt = name
            case "updatedAt": timestamps.updatedAt = name
            default: error("Unknown timestamp '\(key)' in @model on '\(model)'; expected createdAt or updatedAt.", at: at)
            }
        }
    }

    /// True for `[_A-Za-z][_0-9A-Za-z]*`.
    func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
}

import Crypto
package import ModelIR

/// Every generated name of one model (docs/api-contract.md §2), computed once.
package struct ModelNames: Equatable, Sendable {
    package let typeName: String
    package let connection: String
    package let filterInput: String
    package let conditionInput: String
    package let subscriptionFilterInput: String
    package let createInput: String
    package let updateInput: String
    package let deleteInput: String
    /// Root field names; nil when the operation is disabled.
    package let get: String?
    package let list: String?
    /// `syncXs`, under conflict detection, for a model with queries; nil otherwise.
    package let sync: String?
    package let create: String?
    package let update: String?
    package let delete: String?
    package let onCreate: [String]
    package let onUpdate: [String]
    package let onDelete: [String]

    /// The name of the argument that takes a condition on `sortKeys`: the field's own name for one, the
    /// fields' names joined in camel case for a composite key (`statusCreatedAt`).
    package static func sortKeyArgument(_ sortKeys: [String]) -> String {
        sortKeys.count == 1 ? sortKeys[0] : Inflection.camel(sortKeys)
    }

    /// Derives the names of `model`; `syncing` (conflict detection on) names its `sync` query too.
    package init(_ model: Model, syncing: Bool = false) {
        let name = model.name
        let upper = Inflection.upperFirst(name)
        typeName = name
        connection = "Model\(upper)Connection"
        filterInput = "Model\(upper)FilterInput"
        conditionInput = "Model\(upper)ConditionInput"
        subscriptionFilterInput = "ModelSubscription\(upper)FilterInput"
        createInput = "Create\(upper)Input"
        updateInput = "Update\(upper)Input"
        deleteInput = "Delete\(upper)Input"
        func resolve(_ configured: OperationName, _ automatic: String) -> String? {
            switch configured {
            case .automatic: automatic
            case .renamed(let name): name
            case .disabled: nil
            }
        }
        get = resolve(model.operations.get, Inflection.camel(["get", name]))
        list = resolve(model.operations.list, Inflection.camel(["list", Inflection.pluralize(name)]))
        sync = syncing && (get != nil || list != nil) ? Inflection.camel(["sync", Inflection.pluralize(name)]) : nil
        create = resolve(model.operations.create, Inflection.camel(["create", name]))
        update = resolve(model.operations.update, Inflection.camel(["update", name]))
        delete = resolve(model.operations.delete, Inflection.camel(["delete", name]))
        func subscriptions(_ configured: SubscriptionNames, _ prefix: String, mutation: String?) -> [String] {
            guard mutation != nil else { return [] }
            switch configured {
            case .automatic: return [Self.truncatedSubscriptionName(Inflection.camel([prefix, name]))]
            case .renamed(let names): return names
            case .disabled: return []
            }
        }
        onCreate = subscriptions(model.operations.onCreate, "onCreate", mutation: create)
        onUpdate = subscriptions(model.operations.onUpdate, "onUpdate", mutation: update)
        onDelete = subscriptions(model.operations.onDelete, "onDelete", mutation: delete)
    }

    /// Names longer than 50 characters keep 45 and gain the first 5 hex digits of the name's MD5.
    package static func truncatedSubscriptionName(_ name: String) -> String {
        guard name.count > 50 else { return name }
        let digest = Insecure.MD5.hash(data: Array(name.utf8))
        return String(name.prefix(45)) + digest.prefix(3).map { String($0 >> 4, radix: 16) + String($0 & 0x0F, radix: 16) }.joined().prefix(5)
    }
}

import APISchema
import GraphQL
import JSON
import ModelIR
import OrderedCollections
import SQLSyntax
import Storage

extension OperationPlanner {
    /// Plans a subscription request to a model's changes (`planAnySubscription`; a custom subscription is refused
    /// here).
    package func planSubscription(query: String, operationName: String?, inputs variables: [String: InputValue], caller: Caller = .apiKey) throws(PlanErrors) -> SubscriptionPlan {
        switch try planAnySubscription(query: query, operationName: operationName, inputs: variables, caller: caller) {
        case .records(let plan): return plan
        case .custom(let plan):
            throw PlanErrors([PlanError(.unsupported, "Subscription.\(plan.field.operation.name) is a custom subscription: it follows mutations' answers, not a model's changes.")])
        }
    }

    /// Plans a subscription request: the document is read, limited and validated as any other, must select a
    /// subscription operation with exactly one root field. A model's subscription compiles that field's selection
    /// set into the statement that reads it for changed records, for `caller`; a custom one is checked against
    /// its own rules, its arguments against their types, and its selection becomes the shape events are completed
    /// against. Subscriptions live long, so the plan is not cached.
    package func planAnySubscription(
        query: String, operationName: String?, inputs variables: [String: InputValue], caller: Caller = .apiKey
    ) throws(PlanErrors) -> PlannedSubscription {
        let document = try document(for: query)
        let operation = try Self.operation(in: document, named: operationName)
        guard operation.operation == .subscription else {
            throw PlanErrors([PlanError(.unsupported, "This operation is a \(operation.operation.rawValue); only subscriptions are accepted here.")])
        }
        let resolved = try Self.resolveVariables(of: operation, given: variables, schema: view.api.graphQLSchema)
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
        do {
            try limits.check(operation, fragments: fragments)
        } catch {
            throw PlanErrors([error])
        }
        let values = ValueResolver(variables: resolved)
        let selection = SelectionCompiler(
            api: view, fragments: fragments, values: values, denials: Denials(), path: [], access: Access(caller: caller, api: view), quietFieldDenials: true)
        let fields: [GraphQL.Field]
        do {
            fields = try selection.collectFields(operation.selectionSet, typeName: "Subscription")
        } catch {
            throw PlanErrors([error])
        }
        guard fields.count == 1, let field = fields.first else {
            throw PlanErrors([PlanError(.validation, "A subscription must select exactly one top level field.")])
        }
        do throws(PlanError) {
            if case .custom(let custom)? = view.api.subscriptionFields[field.name.value]?.kind {
                guard selection.access.allows(custom.rules, defaultMode: view.defaultMode) else {
                    throw PlanError(.unauthorized, "Not Authorized to access \(field.name.value) on type Subscription")
                }
                let planned = try CustomOperationCompiler(selection: selection).plan(field, operation: custom)
                let filter = Self.givenArguments(planned.arguments)
                return .custom(
                    CustomSubscriptionPlan(
                        operationName: operationName ?? operation.name?.value, responseKey: field.alias?.value ?? field.name.value, field: planned, filter: filter))
            }
            var plan = try SubscriptionCompiler(selection: selection).compile(field)
            plan.operationName = operationName ?? operation.name?.value
            return .records(plan)
        } catch {
            var located = error
            located.path = [field.alias?.value ?? field.name.value]
            if located.locations.isEmpty, let start = field.loc?.startToken { located.locations = [(start.line, start.column)] }
            throw PlanErrors([located])
        }
    }

    /// The arguments given with a value, which an event's answer must match.
    private static func givenArguments(_ arguments: JSONValue) -> [(name: String, value: JSONValue)] {
        guard case .object(let members) = arguments else { return [] }
        return members.filter { $0.1 != .null }.map { (name: $0.0, value: $0.1) }
    }
}

/// Compiles a subscription's root field: the change it follows, its filter, and the statement that reads its
/// selection set from a batch of row images.
struct SubscriptionCompiler {
    let selection: SelectionCompiler

    var api: APISchemaView { selection.api }

    func compile(_ field: GraphQL.Field) throws(PlanError) -> SubscriptionPlan {
        let name = field.name.value
        guard let root = api.api.subscriptionFields[name], case .subscription(let kind) = root.kind, let change = ChangeKind(rawValue: kind),
            let model = api.model(root.model)
        else {
            throw PlanError(.validation, "Field '\(name)' in type 'Subscription' is undefined.")
        }
        let unauthorized = PlanError(.unauthorized, "Not Authorized to access \(name) on type Subscription")
        var records: [AuthRule]?
        switch selection.access.decision(model.auth, .listen) {
        case .granted: break
        case .denied: throw unauthorized
        case .records(let rules): records = rules
        }
        guard let selectionSet = field.selectionSet else { throw PlanError(.validation, "Field '\(name)' must have a selection of subfields.") }
        var filter: SubscriptionFilter?
        for argument in field.arguments where argument.name.value == "filter" {
            if let value = selection.values.resolve(argument.value) { filter = try SubscriptionFilter(value) }
        }
        if let filter { try check(filter, of: name) }
        try checkOwnerArguments(of: field, model: model, unauthorized: unauthorized)
        if let records {
            // Only the caller's records: their rules join the filter, checked against each changed row.
            let mine = SubscriptionAuthorization.filter(records, model: model, caller: selection.access.caller)
            filter = filter.map { .all([$0, mine]) } ?? mine
        }
        var binds = BindAllocator(caller: selection.access.caller)
        let images = binds.bind(nil, as: .jsonb)
        let readsFields = binds.bind(nil, as: .boolean)
        let alias = binds.alias()
        let positions = binds.alias()
        let selected = try selection.object(selectionSet, model: model, alias: alias, binds: &binds)
        if let resolved = selection.denials.resolvers.first {
            throw PlanError(
                .unsupported,
                "\(model.name).\(resolved.field.name) is answered by a function, which subscriptions do not call for each event; select it with a query (getX) when an event arrives."
            )
        }
        let filterable = try selection.object(try Self.filterableFields(of: model), model: model, alias: alias, binds: &binds)
        let source = FromItem.rowImages(api.table(model), json: images, alias: alias, positions: positions)
        let select = Select(
            columns: [
                SelectColumn(.column(table: positions, name: "position")), SelectColumn(.caseWhen([(readsFields, filterable.json)], else: nil)),
                SelectColumn(selected.json),
            ],
            from: [source] + [filterable.lateral, selected.lateral].compactMap { $0 },
            orderBy: [SQLOrder(.column(table: positions, name: "position"))]
        )
        let required = filter.flatMap { Self.requiredValue($0, of: model) }
        let fromImage = binds.values.count == 2 ? ImageSelection.of(try selection.collectFields(selectionSet, typeName: model.name), model: model) : nil
        return SubscriptionPlan(
            operationName: nil, fieldName: name, responseKey: field.alias?.value ?? name, model: model.name, table: api.table(model), change: change, filter: filter,
            delivery: DeliveryStatement(sql: SQLRenderer.render(.select(select)), parameters: Array(binds.values.dropFirst(2))),
            requiredColumnValues: required.map { ($0.column, $0.values) },
            residualFilter: required.map { filter?.removingRequired(field: $0.field, values: $0.values) } ?? filter,
            imageSelection: fromImage
        )
    }

    /// The first texts the filter requires a field to hold one of (an equality first, else an owner rule's
    /// `in`), on a field stored as text whose API value is the stored text (IDs, strings and the string-like
    /// AWS scalars), by column.
    static func requiredValue(_ filter: SubscriptionFilter, of model: Model) -> (field: String, column: String, values: [String])? {
        let required = filter.requiredValues
        for (name, values) in required.filter({ $0.values.count == 1 }) + required.filter({ $0.values.count != 1 }) {
            guard let field = model.field(named: name), !field.type.isList, case .scalar(let scalar) = field.type.base,
                [.id, .string, .awsEmail, .awsURL, .awsPhone, .awsIPAddress].contains(scalar)
            else { continue }
            return (name, field.columnName, values)
        }
        return nil
    }

    /// Refuses an owner argument (`onCreateX(owner: …)`) that names someone other than the caller: it may only
    /// narrow the events to the caller's own.
    private func checkOwnerArguments(of field: GraphQL.Field, model: Model, unauthorized: PlanError) throws(PlanError) {
        let ownerFields = Set(model.auth.rules.filter { $0.strategy == .owner }.map(\.effectiveOwnerField))
        for argument in field.arguments where ownerFields.contains(argument.name.value) {
            guard let value = selection.values.resolve(argument.value), value != .null else { continue }
            guard case .string(let owner) = value.concrete else { throw PlanError(.badValue, "The '\(argument.name.value)' argument must be a string.") }
            let forms = model.auth.rules.filter { $0.strategy == .owner && $0.effectiveOwnerField == argument.name.value }
                .flatMap { selection.access.caller.ownerForms(identityClaim: $0.effectiveIdentityClaim) }
            guard forms.contains(owner) else { throw unauthorized }
        }
    }

    /// Refuses fields and operators the field's filter input does not have. Validation checks literals, but a
    /// filter given as a variable reaches the planner unchecked.
    private func check(_ filter: SubscriptionFilter, of fieldName: String) throws(PlanError) {
        let schema = api.api.graphQLSchema
        guard let subscription = schema.subscriptionType, let argument = (try? subscription.fields())?[fieldName]?.args["filter"],
            let input = getNamedType(type: argument.type) as? GraphQLInputObjectType, let fields = try? input.fields()
        else { return }
        for (name, op) in filter.comparisons {
            guard let entry = fields[name], let operators = getNamedType(type: entry.type) as? GraphQLInputObjectType else {
                throw PlanError(.validation, "The filter of '\(fieldName)' has no field '\(name)'.")
            }
            guard (try? operators.fields())?[op.rawValue] != nil else {
                throw PlanError(.validation, "The filter of '\(fieldName)' has no operator '\(op.rawValue)' for '\(name)'.")
            }
        }
    }

    /// A selection of every field a subscription filter can name that the model stores (scalars and enums,
    /// lists of them): what filters are checked against.
    static func filterableFields(of model: Model) throws(PlanError) -> SelectionSet {
        let names = model.storedFields.filter { InputTypeNames.subscriptionFilter(for: $0.type) != nil }.map(\.name)
        let text = "{ " + (names.isEmpty ? "__typename" : names.joined(separator: " ")) + " }"
        do {
            guard let operation = try GraphQL.parse(source: Source(body: text), noLocation: true).definitions.first as? OperationDefinition else {
                throw PlanError(.validation, "The filterable fields of '\(model.name)' could not be selected.")
            }
            return operation.selectionSet
        } catch let error as PlanError {
            throw error
        } catch {
            throw PlanError(.validation, "The filterable fields of '\(model.name)' could not be selected: \(error)")
        }
    }
}

import APISchema
import Foundation
package import GraphQL
import JSON
import ModelIR
import Synchronization

/// Turns a GraphQL request into one plan per root field. Parsing and validation are cached per query text,
/// because GraphQLSwift's validation costs far more CPU than parsing.
package final class OperationPlanner: Sendable {
    package let view: APISchemaView
    package let limits: RequestLimits
    /// Validated documents, or the errors that refused them, by query text, within half the cache budget.
    private let documents: ByteBoundedCache<ExactText, Result<Document, PlanErrors>>
    /// Plans by operation text, operation name and the shape (`VariableShape`) of the variables the
    /// operation declares; each holds the leaves its structure depends on. Planning is a pure function of the
    /// request, so a later request with the same shape skips parsing, validation and planning and only
    /// computes its parameters. Within the other half of the cache budget.
    private let plans: ByteBoundedCache<PlanKey, [CachedPlan]>
    /// Plans kept per shape that differ in pinned leaves (`sortDirection`, `@skip(if:)`, …); beyond it a
    /// shape whose pinned values keep changing is planned afresh.
    private let variantsPerShape = 16
    /// The most introspection objects one operation may produce on this schema (`IntrospectionCost.budget`).
    package let introspectionBudget: Int
    /// The default memory for cached documents and plans together.
    package static let defaultCacheBudget = 128 << 20

    /// Creates a planner for an API whose caches hold about `cacheBudget` bytes in all.
    package init(view: APISchemaView, limits: RequestLimits = RequestLimits(), cacheBudget: Int = OperationPlanner.defaultCacheBudget) {
        self.view = view
        self.limits = limits
        introspectionBudget = IntrospectionCost.budget(of: view.api.graphQLSchema)
        documents = ByteBoundedCache(budget: cacheBudget / 2)
        plans = ByteBoundedCache(budget: cacheBudget / 2)
    }

    /// Estimated bytes of a parsed document: its syntax tree takes tens of bytes per byte of text (measured
    /// at about 60 with the plan built from it).
    static func documentCost(_ query: String, _ outcome: Result<Document, PlanErrors>) -> Int {
        switch outcome {
        case .success: return query.utf8.count * 40 + 2048
        case .failure(let failure): return failure.errors.reduce(query.utf8.count + 2048) { $0 + $1.message.utf8.count + 64 }
        }
    }

    /// Estimated bytes of a cached plan: what its document costs to plan from, plus its SQL text.
    static func planCost(_ query: String, _ plan: PlannedOperation) -> Int {
        query.utf8.count * 24
            + plan.fields.reduce(0) { total, field in
                if case .statement(let statement, _) = field.plan { return total + statement.sql.utf8.count * 3 }
                return total
            } + 2048
    }

    /// A parsed and validated document; validation errors are thrown as `PlanError`s. Every step is linear in
    /// the document: its text is measured before parsing (nesting, tokens), fragment chains and the
    /// structural limits of every operation are checked before validation, and validation runs on a copy
    /// parsed without locations (GraphQLSwift locates each error by scanning the whole text, which made a
    /// document of N unused fragments cost N² work).
    package func document(for query: String) throws(PlanErrors) -> Document {
        let documentKey = ExactText(text: query)
        if let cached = documents.value(for: documentKey) { return try cached.get() }
        let outcome: Result<Document, PlanErrors>
        do {
            outcome = .success(try checkedDocument(query))
        } catch {
            outcome = .failure(error)
        }
        // A refused document is remembered too: a request asks for its document more than once, and a
        // client that repeats a bad one pays for its validation once.
        documents.store(documentKey) { _ in (outcome, Self.documentCost(query, outcome)) }
        return try outcome.get()
    }

    /// `query` parsed, checked against the limits and validated.
    private func checkedDocument(_ query: String) throws(PlanErrors) -> Document {
        let document: Document
        let text: String
        do {
            text = try limits.checkText(of: query)
            document = try parse(text, locations: true)
            try limits.checkFragmentChains(of: document)
            try limits.checkOperations(of: document)
        } catch {
            throw PlanErrors([error])
        }
        let nameErrors = DefinitionNames.errors(in: document, limit: RequestLimits.maximumValidationErrors)
        if !nameErrors.isEmpty { throw PlanErrors(nameErrors) }
        let errors = try validated(text)
        if !errors.isEmpty { throw PlanErrors(errors) }
        return document
    }

    private func parse(_ query: String, locations: Bool) throws(PlanError) -> Document {
        do {
            return try GraphQL.parse(source: Source(body: query, name: "GraphQL request"), noLocation: !locations)
        } catch let error as GraphQLError {
            var message = error.message.split(separator: "\n").first.map(String.init) ?? error.message
            // GraphQLSwift writes a bad escape's internal string view into the message; keep only the words.
            if let range = message.range(of: "Invalid character escape sequence") {
                message = String(message[..<range.upperBound]) + "."
            }
            throw PlanError(.validation, message, locations: error.locations.map { ($0.line, $0.column) })
        } catch {
            throw PlanError(.validation, "\(error)")
        }
    }

    /// The validation errors of `query`, at most `RequestLimits.maximumValidationErrors` of them. They are
    /// found without locations; the document is validated again with locations only when that costs little
    /// (few errors times a short text), so a user's mistake still points at its line.
    private func validated(_ query: String) throws(PlanErrors) -> [PlanError] {
        let unlocated: Document
        do {
            unlocated = try parse(query, locations: false)
        } catch {
            throw PlanErrors([error])
        }
        // Misplaced list and object literals first: the full rules print them in time exponential in their depth.
        var rules: [@Sendable (ValidationContext) -> Visitor] = [CompoundLiteralRule]
        var errors = validate(schema: view.api.graphQLSchema, ast: unlocated, rules: rules)
        if errors.isEmpty {
            rules = requestValidationRules
            errors = validate(schema: view.api.graphQLSchema, ast: unlocated, rules: rules)
        }
        guard !errors.isEmpty else { return [] }
        // Each located error costs a scan of the whole text (about 2 MB of text scanned stays within tens of
        // milliseconds); past that the errors go out without locations.
        if errors.count * query.utf16.count <= 2_000_000, let located = try? parse(query, locations: true) {
            errors = validate(schema: view.api.graphQLSchema, ast: located, rules: rules)
        }
        let maximum = RequestLimits.maximumValidationErrors
        var planErrors = errors.prefix(maximum).map { PlanError(.validation, ValidationMessages.appSyncStyle($0.message), locations: $0.locations.map { ($0.line, $0.column) }) }
        if errors.count > maximum {
            planErrors.append(PlanError(.validation, "Too many validation errors, error limit reached. Validation aborted."))
        }
        return planErrors
    }

    /// Plans `operationName` (or the only operation) of `query` with variables already read as `InputValue`s,
    /// from the plan cache when a request of the same shape was planned before.
    package func plan(query: String, operationName: String?, inputs variables: [String: InputValue], caller: Caller = .apiKey) throws(PlanErrors) -> PlannedOperation {
        let access = Access(caller: caller, api: view)
        var shape = VariableShape(variables)
        var key = PlanKey(query: ExactText(text: query), operationName: operationName.map(ExactText.init), shape: ExactText(text: shape.key + "|" + access.signature))
        if let cached = try cachedPlan(key, shape, caller: caller) { return cached }
        // Variables the operation does not declare play no part: they neither reach the plan nor its cache key.
        var variables = variables
        if let declared = try declaredVariables(query: query, operationName: operationName), variables.keys.contains(where: { !declared.contains($0) }) {
            variables = variables.filter { declared.contains($0.key) }
            shape = VariableShape(variables)
            key = PlanKey(query: key.query, operationName: key.operationName, shape: ExactText(text: shape.key + "|" + access.signature))
            if let cached = try cachedPlan(key, shape, caller: caller) { return cached }
        }
        let pins = PinnedLeaves()
        let planned = try planUncached(query: query, operationName: operationName, inputs: VariableShape.symbolic(variables), pins: pins, access: access)
        // A failed field may have failed on a value; only plans whose every field compiled are reused.
        let reusable = planned.fields.allSatisfy { field in
            if case .failure = field.plan { return false }
            return true
        }
        if reusable {
            let entry = CachedPlan(leafCount: shape.leaves.count, pinned: pins.values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, plan: planned)
            let cost = Self.planCost(query, planned)
            plans.store(key) { existing in
                let variants = existing ?? []
                guard variants.count < variantsPerShape else { return nil }
                return (variants + [entry], cost * (variants.count + 1))
            }
        }
        return try priced(planned, leaves: shape.leaves)
    }

    /// `planned` when its worst-case rows for these variable values are within the cost limit, and its
    /// introspection within the schema's introspection budget.
    private func priced(_ planned: PlannedOperation, leaves: [InputValue]) throws(PlanErrors) -> PlannedOperation {
        if planned.introspectionObjects > introspectionBudget {
            throw PlanErrors([
                PlanError(
                    .limitExceeded,
                    "The introspection could produce up to \(planned.introspectionObjects) objects; the limit for this schema is \(introspectionBudget), twice its complete introspection. Select each list of the schema once."
                )
            ])
        }
        guard let cost = planned.cost?.rows(for: leaves), cost > limits.maximumCost else { return planned }
        throw PlanErrors([
            PlanError(
                .limitExceeded,
                "The query could produce up to \(cost) rows; the limit is \(limits.maximumCost) (query cost: each connection's limit multiplies what is under it). Ask for smaller pages."
            )
        ])
    }

    /// The names of the variables the selected operation declares; nil when the operation cannot be chosen
    /// (planning reports why).
    private func declaredVariables(query: String, operationName: String?) throws(PlanErrors) -> Set<String>? {
        let operations = try document(for: query).definitions.compactMap { $0 as? OperationDefinition }
        let operation = operationName.flatMap { name in operations.first { $0.name?.value == name } } ?? (operations.count == 1 ? operations[0] : nil)
        return operation.map { Set($0.variableDefinitions.map(\.variable.name.value)) }
    }

    /// The cached plan for `key` whose pinned leaves `shape` matches, bound to `shape`'s values and `caller`,
    /// and priced.
    private func cachedPlan(_ key: PlanKey, _ shape: VariableShape, caller: Caller) throws(PlanErrors) -> PlannedOperation? {
        guard let cached = plans.value(for: key)?.first(where: { $0.accepts(shape.leaves) }) else { return nil }
        var plan = try priced(cached.plan.rebound(to: shape.leaves, caller: caller), leaves: shape.leaves)
        plan.fromCache = true
        return plan
    }

    /// How many plans the cache holds (for tests and metrics).
    package var cachedPlanCount: Int { plans.values.reduce(0) { $0 + $1.count } }

    /// Estimated bytes held by the document and plan caches (for tests and metrics).
    package var cachedBytes: Int { documents.bytes + plans.bytes }

    private func planUncached(
        query: String, operationName: String?, inputs variables: [String: InputValue], pins: PinnedLeaves, access: Access
    ) throws(PlanErrors) -> PlannedOperation {
        let document = try document(for: query)
        let operation = try Self.operation(in: document, named: operationName)
        let resolvedVariables = try Self.resolveVariables(of: operation, given: variables, schema: view.api.graphQLSchema)
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
        do {
            try limits.check(operation, fragments: fragments)
        } catch {
            throw PlanErrors([error])
        }
        let values = ValueResolver(variables: resolvedVariables, pins: pins)
        let typeName: String
        let rootFields: [String: RootField]
        switch operation.operation {
        case .query: (typeName, rootFields) = ("Query", view.api.queryFields)
        case .mutation: (typeName, rootFields) = ("Mutation", view.api.mutationFields)
        case .subscription:
            throw PlanErrors([PlanError(.unsupported, Self.subscriptionsOverWebSocket)])
        }
        let fields: [GraphQL.Field]
        do {
            fields = try SelectionCompiler(api: view, fragments: fragments, values: values, denials: Denials(), path: [], access: access).collectFields(
                operation.selectionSet, typeName: typeName)
        } catch {
            throw PlanErrors([error])
        }
        let transactional = try isTransaction(operation, rootFieldCount: fields.count)
        let plans = fields.map { field in
            let key = field.alias?.value ?? field.name.value
            var plan = planRootField(
                field, key: key, typeName: typeName, rootFields: rootFields, fragments: fragments, values: values, access: access,
                mutation: operation.operation == .mutation)
            if transactional, case .custom(let custom) = plan {
                plan = .failure(
                    PlanError(
                        .unsupported, "A custom operation cannot be part of a @transaction mutation: its handler runs outside the database transaction.",
                        path: [key], locations: custom.locations))
            }
            return (key: key, plan: plan)
        }
        var planned = PlannedOperation(operationType: typeName, fields: plans, name: operation.name?.value)
        planned.transactional = transactional
        planned.cost = OperationCost(operation: operation, rootFields: rootFields, fragments: fragments, view: view, values: values)
        planned.introspectionObjects = IntrospectionCost.objects(in: operation, fragments: fragments, schema: view.api.graphQLSchema, values: values)
        let rootNames = fields.map(\.name.value)
        planned.isIntrospection = rootNames.allSatisfy { $0.hasPrefix("__") } && rootNames.contains { $0 != "__typename" }
        return planned
    }

    /// One root field's plan: a constant (`__typename`), a statement, or the error that stops it (unknown,
    /// not allowed by the model's `@auth`, or refused by its compiler), located at the field.
    private func planRootField(
        _ field: GraphQL.Field, key: String, typeName: String, rootFields: [String: RootField], fragments: [String: FragmentDefinition], values: ValueResolver,
        access: Access, mutation: Bool
    ) -> RootFieldPlan {
        let location = field.loc.map { [($0.startToken.line, $0.startToken.column)] } ?? []
        if field.name.value == "__typename" { return .constant(JSONText.quote(typeName)) }
        if field.name.value.hasPrefix("__") {
            return .failure(PlanError(.unsupported, "Introspection is answered separately.", path: [key], locations: location))
        }
        let unauthorized = PlanError(.unauthorized, "Not Authorized to access \(field.name.value) on type \(typeName)", path: [key], locations: location)
        if case .custom(let operation)? = rootFields[field.name.value]?.kind {
            guard access.allows(operation.rules, defaultMode: view.defaultMode) else { return .failure(unauthorized) }
            return planCustomField(field, operation: operation, key: key, location: location, fragments: fragments, values: values, access: access)
        }
        guard let root = rootFields[field.name.value], let model = view.model(root.model) else {
            return .failure(PlanError(.validation, "Field '\(field.name.value)' in type '\(typeName)' is undefined.", path: [key], locations: location))
        }
        let decision = access.decision(model.auth, Self.operation(root.kind))
        guard decision != .denied else { return .failure(unauthorized) }
        let denials = Denials()
        let compiler = RootFieldCompiler(
            selection: SelectionCompiler(api: view, fragments: fragments, values: values, denials: denials, path: [key], access: access, quietFieldDenials: mutation))
        do {
            var statement = try compiler.compile(field, root: root, decision: decision)
            if statement.readsDenial || statement.denialCheck != nil || statement.deniesWithoutRow || statement.expectedCounts.contains(where: { $0.failure == .unauthorized }) {
                statement.unauthorized = unauthorized
            }
            statement.locations = location
            if mutation, view.publishedMutations.contains(field.name.value) { statement.publishedAs = field.name.value }
            statement.fieldErrors = denials.errors
            statement.fieldResolvers = denials.resolvers
            statement.marksFieldDenials = denials.marksRecords
            return .statement(statement, mutation: mutation)
        } catch {
            var located = error
            located.path = [key]
            if located.locations.isEmpty { located.locations = location }
            return .failure(located)
        }
    }

    /// The operation's name: the one the request gives, else the name written in the document.
    package func operationName(query: String, given: String?) -> String? {
        if let given { return given }
        guard let document = try? document(for: query) else { return nil }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        return operations.count == 1 ? operations[0].name?.value : nil
    }

    /// Why a subscription sent as a request is refused: it is served over a WebSocket.
    package static let subscriptionsOverWebSocket =
        "Subscriptions are delivered over a WebSocket: connect to /graphql/realtime with AppSync's real-time protocol or graphql-ws."

    /// `query`, `mutation` or `subscription`: the type of the operation the request selects, or nil when the
    /// document is refused or names no such operation (a GET must not run a mutation).
    package func operationType(query: String, operationName: String?) -> String? {
        guard let document = try? document(for: query) else { return nil }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let operation = operationName.flatMap { name in operations.first { $0.name?.value == name } } ?? (operations.count == 1 ? operations[0] : nil)
        return operation?.operation.rawValue
    }

    static func operation(_ kind: RootFieldKind) -> ModelOperation {
        switch kind {
        case .get: .get
        case .list, .sync, .indexQuery, .count, .aggregate: .list
        case .create, .batchCreate: .create
        case .update, .batchUpdate: .update
        case .delete, .batchDelete: .delete
        case .subscription: .listen
        case .custom(let operation): operation.kind == .mutation ? .create : .get
        }
    }
}

/// A plan kept for reuse, with the leaf values its structure was chosen for.
private struct CachedPlan: Sendable {
    /// How many variable leaves the request had (a cross-check of the shape).
    let leafCount: Int
    /// Leaf position → value, sorted by position.
    let pinned: [(index: Int, value: InputValue)]
    /// The plan, with the parameters of the request it was made for.
    let plan: PlannedOperation

    /// True when a request with `leaves` (of the same shape) has the pinned values.
    func accepts(_ leaves: [InputValue]) -> Bool {
        leaves.count == leafCount && pinned.allSatisfy { leaves[$0.index] == $0.value }
    }
}

/// Several plan errors at once (all validation errors of a request).
package struct PlanErrors: Error, Sendable {
    package var errors: [PlanError]

    /// Wraps errors.
    package init(_ errors: [PlanError]) {
        self.errors = errors
    }
}

/// Rewrites GraphQLSwift's validation messages into AppSync's `Validation error of type …` form (docs/api-contract.md §13.2).
enum ValidationMessages {
    static func appSyncStyle(_ message: String) -> String {
        let kind: String
        if message.hasPrefix("Cannot query field") {
            kind = "FieldUndefined"
        } else if message.hasPrefix("Unknown type") {
            kind = "UnknownType"
        } else if message.hasPrefix("Unknown argument") {
            kind = "UnknownArgument"
        } else if message.contains("of required type") || message.contains("was not provided") {
            kind = "MissingFieldArgument"
        } else if message.contains("Expected value of type") || message.contains("cannot represent") {
            kind = "WrongType"
        } else if message.contains("must have a selection of subfields") {
            kind = "SubSelectionRequired"
        } else if message.contains("must not have a selection") {
            kind = "SubSelectionNotAllowed"
        } else {
            kind = "InvalidSyntax"
        }
        return "Validation error of type \(kind): \(message)"
    }
}

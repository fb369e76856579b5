/// Binding a cached plan again for a request of the same shape: the SQL stays, the parameters are computed
/// from the new request's variable leaves.
extension PlannedOperation {
    /// The plan with every parameter computed for `leaves` and `caller`. A root field whose value is bad (a
    /// malformed date, a foreign `nextToken`, someone else's owner) fails as a fresh plan would have; the other
    /// fields still run.
    func rebound(to leaves: [InputValue], caller: Caller) -> PlannedOperation {
        var result = self
        for index in result.fields.indices {
            if case .custom(var custom) = result.fields[index].plan {
                do {
                    try custom.rebind(to: leaves, caller: caller)
                    result.fields[index].plan = .custom(custom)
                } catch {
                    var located = error
                    located.path = [result.fields[index].key]
                    if located.locations.isEmpty { located.locations = custom.locations }
                    result.fields[index].plan = .failure(located)
                }
                continue
            }
            guard case .statement(var statement, let mutation) = result.fields[index].plan, !statement.isFixed else { continue }
            do {
                try statement.rebind(to: leaves, caller: caller)
                result.fields[index].plan = .statement(statement, mutation: mutation)
            } catch {
                var located = error
                located.path = [result.fields[index].key]
                if located.locations.isEmpty { located.locations = statement.locations }
                result.fields[index].plan = .failure(located)
            }
        }
        return result
    }
}

extension CustomFieldPlan {
    /// The arguments, the statement's parameters and the record read's for another request's `leaves` and
    /// `caller`.
    mutating func rebind(to leaves: [InputValue], caller: Caller) throws(PlanError) {
        arguments = try CustomArguments.json(argumentTemplate.substituting(leaves), operation: operation, schema: argumentTypes)
        self.caller = caller
        try statement?.rebind(to: leaves, caller: caller)
        if var read = modelRead {
            var values: [String?] = []
            for source in read.parameterSources { values.append(try source.value(for: leaves, caller: caller)) }
            read.parameters = values
            for index in read.fieldResolvers.indices { try read.fieldResolvers[index].rebind(to: leaves) }
            modelRead = read
        }
    }
}

extension PlannedStatement {
    /// True when no parameter depends on the request's variables or caller.
    var isFixed: Bool {
        fieldResolvers.isEmpty && parameterSources.allSatisfy(\.isFixed) && (readBack?.parameterSources.allSatisfy(\.isFixed) ?? true)
            && referenceChecks.allSatisfy { $0.parameterSources.allSatisfy(\.isFixed) } && (denialCheck?.parameterSources.allSatisfy(\.isFixed) ?? true)
            && (conflictRead?.parameterSources.allSatisfy(\.isFixed) ?? true)
            && expectedCounts.allSatisfy { $0.conflictRead?.parameterSources.allSatisfy(\.isFixed) ?? true }
    }

    /// Computes every parameter (the statement's, its read-back's, its reference checks', its authorization
    /// check's and its conflict reads') for `leaves` and `caller`.
    mutating func rebind(to leaves: [InputValue], caller: Caller) throws(PlanError) {
        parameters = try Self.values(parameterSources, leaves, caller)
        for index in fieldResolvers.indices { try fieldResolvers[index].rebind(to: leaves) }
        if var readBack {
            readBack.parameters = try Self.values(readBack.parameterSources, leaves, caller)
            self.readBack = readBack
        }
        for index in referenceChecks.indices {
            referenceChecks[index].parameters = try Self.values(referenceChecks[index].parameterSources, leaves, caller)
        }
        if var denialCheck {
            denialCheck.parameters = try Self.values(denialCheck.parameterSources, leaves, caller)
            self.denialCheck = denialCheck
        }
        if var conflictRead {
            conflictRead.parameters = try Self.values(conflictRead.parameterSources, leaves, caller)
            self.conflictRead = conflictRead
        }
        for index in expectedCounts.indices {
            if var read = expectedCounts[index].conflictRead {
                read.parameters = try Self.values(read.parameterSources, leaves, caller)
                expectedCounts[index].conflictRead = read
            }
        }
    }

    private static func values(_ sources: [ParameterSource], _ leaves: [InputValue], _ caller: Caller) throws(PlanError) -> [String?] {
        var result: [String?] = []
        result.reserveCapacity(sources.count)
        for source in sources { result.append(try source.value(for: leaves, caller: caller)) }
        return result
    }
}

extension PlannedStatement {
    /// A statement whose parameters and their sources come from `binds`.
    init(sql: String, binds: BindAllocator, requiresRow: Bool = false, referenceChecks: [ReferenceCheck] = [], readBack: ReadBack? = nil) {
        self.init(sql: sql, parameters: binds.values, requiresRow: requiresRow, referenceChecks: referenceChecks, readBack: readBack)
        parameterSources = binds.sources
    }
}

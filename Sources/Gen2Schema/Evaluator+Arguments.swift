import ModelIR

/// Reading the arguments of builder calls, each failure located at the argument (or the call when missing).
extension Evaluator {
    /// The argument at `index`, or an error naming what `call` expects there.
    func argument(_ arguments: [Value.Located], _ index: Int, of call: String, expecting what: String, at location: SourceLocation) throws(Gen2Error) -> Value.Located {
        guard index < arguments.count else { throw Gen2Error("\(call) expects \(what) as argument \(index + 1).", at: location) }
        return arguments[index]
    }

    /// A string argument.
    func string(_ arguments: [Value.Located], _ index: Int, of call: String, at location: SourceLocation) throws(Gen2Error) -> String {
        let given = try argument(arguments, index, of: call, expecting: "a string", at: location)
        guard case .string(let text) = given.value else { throw Gen2Error("\(call) expects a string, not \(given.value.description).", at: given.location) }
        return text
    }

    /// An optional string argument (absent or `undefined` is nil).
    func optionalString(_ arguments: [Value.Located], _ index: Int, of call: String) throws(Gen2Error) -> String? {
        guard index < arguments.count else { return nil }
        switch arguments[index].value {
        case .undefined: return nil
        case .string(let text): return text
        default: throw Gen2Error("\(call) expects a string, not \(arguments[index].value.description).", at: arguments[index].location)
        }
    }

    /// An array of strings, each located.
    func strings(_ arguments: [Value.Located], _ index: Int, of call: String, at location: SourceLocation) throws(Gen2Error) -> [(text: String, location: SourceLocation)] {
        let given = try argument(arguments, index, of: call, expecting: "an array of strings", at: location)
        return try strings(given, of: call)
    }

    /// The strings of an array value.
    func strings(_ given: Value.Located, of call: String) throws(Gen2Error) -> [(text: String, location: SourceLocation)] {
        guard case .array(let items) = given.value else { throw Gen2Error("\(call) expects an array of strings, not \(given.value.description).", at: given.location) }
        var texts: [(text: String, location: SourceLocation)] = []
        for item in items {
            guard case .string(let text) = item.value else { throw Gen2Error("\(call) expects strings, not \(item.value.description).", at: item.location) }
            texts.append((text, item.location))
        }
        return texts
    }

    /// An object argument's members.
    func object(_ arguments: [Value.Located], _ index: Int, of call: String, at location: SourceLocation) throws(Gen2Error) -> [Value.Member] {
        let given = try argument(arguments, index, of: call, expecting: "an object", at: location)
        guard case .object(let members) = given.value else { throw Gen2Error("\(call) expects an object literal, not \(given.value.description).", at: given.location) }
        return members
    }

    /// Fails when a call has more arguments than it takes.
    func noMoreArguments(_ arguments: [Value.Located], than count: Int, of call: String, at location: SourceLocation) throws(Gen2Error) {
        if arguments.count > count {
            throw Gen2Error("\(call) takes \(count == 0 ? "no" : "at most \(count)") argument\(count == 1 ? "" : "s").", at: arguments[count].location)
        }
    }
}

import ModelIR

/// The arguments of one custom operation as Amplify's converter writes them: `name: Type` for each, the
/// `input` types they need (a referenced custom type `X` becomes `input XInput`, an inline one
/// `<Op><Arg>Input`, nested ones in turn, each once and nested ones first) and the enums inline `a.enum`s
/// declare (`<Op><Arg>`).
struct OperationInputs {
    /// A field of an input type, with the place it is written.
    struct Field {
        var name: String
        var type: String
        var location: SourceLocation
    }

    /// An `input` type.
    struct InputType {
        var name: String
        var fields: [Field]
        var location: SourceLocation
    }

    /// Every type of the schemas, by name.
    let types: [String: TypeEntry]
    /// The operation's name.
    let operation: String
    /// `name: Type` for each argument, in order.
    private(set) var arguments: [Field] = []
    /// The input types, in the order the library writes them.
    private(set) var inputs: [InputType] = []
    /// The enums inline `a.enum`s declare, to be hoisted.
    private(set) var enums: [TypeEntry] = []
    private var processed: Set<String> = []

    /// Reads the arguments of `operation`.
    init(_ arguments: [FieldEntry], of operation: String, types: [String: TypeEntry]) throws(Gen2Error) {
        self.types = types
        self.operation = operation
        for argument in arguments {
            let type: String
            switch argument.builder {
            case .scalar(let scalar):
                type = SchemaEmitter.scalarText(scalar, identifier: nil, indexes: []).map(\.text).joined()
            case .ref(let ref):
                guard case .customType(let custom) = try target(of: ref, field: argument.name, argument: true) else {
                    type = Self.text(ref, link: ref.link)
                    break
                }
                let name = ref.link + "Input"
                type = Self.text(ref, link: name)
                if processed.insert(name).inserted {
                    let fields = try inputFields(custom.fields, of: ref.link, parentIsRef: true, chain: [name])
                    inputs.append(InputType(name: name, fields: fields, location: argument.location))
                }
            case .enumType(let definition):
                type = operation.capitalizedFirst + argument.name.capitalizedFirst
                collect(type, definition, at: argument.location)
            case .customType(let custom):
                let base = operation.capitalizedFirst + argument.name.capitalizedFirst
                type = base + "Input"
                if processed.insert(type).inserted {
                    let fields = try inputFields(custom.fields, of: base, parentIsRef: false, chain: [type])
                    inputs.append(InputType(name: type, fields: fields, location: argument.location))
                }
            case .relationship:
                throw Gen2Error("Unsupported argument type for \(argument.name)", at: argument.location)
            }
            self.arguments.append(Field(name: argument.name, type: type, location: argument.location))
        }
    }

    /// `Link`, `Link!`, `[Link]`, `[Link!]!` as the ref's modifiers say.
    static func text(_ ref: RefField, link: String) -> String {
        var text = link
        if ref.valueRequired { text += "!" }
        if ref.array { text = "[\(text)]" }
        if ref.arrayRequired { text += "!" }
        return text
    }

    /// The enum or custom type `ref` names; anything else is refused with the library's message.
    private func target(of ref: RefField, field: String, argument: Bool) throws(Gen2Error) -> TypeDefinition {
        guard let target = types[ref.link] else {
            throw Gen2Error("Invalid ref. \(operation) is referring to \(ref.link) which is not defined in the schema.", at: ref.location)
        }
        let kind: String
        switch target.definition {
        case .enumType, .customType: return target.definition
        case .model: kind = "Model"
        case .operation: kind = "CustomOperation"
        }
        let place = argument ? "argument '\(field)' in '\(operation)'" : "field '\(field)'"
        throw Gen2Error("Unsupported reference type '\(kind)' for \(place). Only references to CustomType and Enum are supported.", at: ref.location)
    }

    /// The fields of an input made from a custom type whose (generated) name is `owner`.
    private mutating func inputFields(_ fields: [FieldEntry], of owner: String, parentIsRef: Bool, chain: [String]) throws(Gen2Error) -> [Field] {
        var result: [Field] = []
        for field in fields {
            let type: String
            switch field.builder {
            case .scalar(let scalar):
                type = SchemaEmitter.scalarText(scalar, identifier: nil, indexes: []).map(\.text).joined()
            case .ref(let ref):
                guard case .customType(let custom) = try target(of: ref, field: field.name, argument: false) else {
                    type = Self.text(ref, link: ref.link)
                    break
                }
                let name = ref.link + "Input"
                type = Self.text(ref, link: name)
                if !chain.contains(name), processed.insert(name).inserted {
                    let nested = try inputFields(custom.fields, of: ref.link, parentIsRef: true, chain: chain + [name])
                    inputs.append(InputType(name: name, fields: nested, location: field.location))
                }
            case .customType(let custom):
                let base = owner.capitalizedFirst + field.name.capitalizedFirst
                type = base + "Input"
                if processed.insert(type).inserted {
                    let nested = try inputFields(custom.fields, of: base, parentIsRef: parentIsRef, chain: chain + [type])
                    inputs.append(InputType(name: type, fields: nested, location: field.location))
                }
            case .enumType(let definition):
                type = owner.capitalizedFirst + field.name.capitalizedFirst
                // A referenced custom type's inline enum is declared with the type itself.
                if !parentIsRef { collect(type, definition, at: field.location) }
            case .relationship:
                throw Gen2Error("Field '\(field.name)': relationships belong in models.", at: field.location)
            }
            result.append(Field(name: field.name, type: type, location: field.location))
        }
        return result
    }

    private mutating func collect(_ name: String, _ definition: EnumDefinition, at location: SourceLocation) {
        guard !enums.contains(where: { $0.name == name }) else { return }
        enums.append(TypeEntry(name: name, location: location, definition: .enumType(definition)))
    }
}

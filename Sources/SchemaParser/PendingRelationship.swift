import GraphQL
import ModelIR

/// A relationship directive read from a model field, waiting for every model to exist before it is resolved.
struct PendingRelationship {
    var model: String
    var field: String
    var fieldType: FieldType
    var directive: Directive
    var location: ModelIR.SourceLocation?

    /// The directive name without `@`.
    var kind: String { directive.name.value }
}

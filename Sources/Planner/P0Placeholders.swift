import APISchema

// Stand-ins for what the foundation branch adds, deleted when it is merged.
extension APISchemaView {
    var allowsExtensions: Bool { true }
}

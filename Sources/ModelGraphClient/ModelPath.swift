/// A path of relationship fields from a model, for `includes:` (`comment.post.comments`). Generated code adds
/// one property per relationship in extensions constrained to the model, each returning the longer path.
public struct ModelPath<M: Model>: IncludePath {
    /// The relationship field names from the root model, in order.
    public let segments: [String]

    /// The root path of `M` (no relationship yet).
    public init() {
        segments = []
    }

    private init(segments: [String]) {
        self.segments = segments
    }

    /// The path one relationship further, to model `Target`; generated properties call this.
    public func appending<Target: Model>(_ field: String, to target: Target.Type = Target.self) -> ModelPath<Target> {
        ModelPath<Target>(segments: segments + [field])
    }
}

/// Anything `includes:` accepts: a path of relationship names.
public protocol IncludePath: Sendable {
    /// The relationship field names from the root model, in order.
    var segments: [String] { get }
}

/// The relationships a request includes, as a tree of field names.
package struct IncludeTree: Sendable, Equatable {
    /// The included relationships by field name, each with what it includes in turn.
    var children: [String: IncludeTree] = [:]

    /// The tree of `paths`.
    package init(_ paths: [any IncludePath] = []) {
        for path in paths { insert(path.segments[...]) }
    }

    private mutating func insert(_ segments: ArraySlice<String>) {
        guard let first = segments.first else { return }
        children[first, default: IncludeTree()].insert(segments.dropFirst())
    }
}

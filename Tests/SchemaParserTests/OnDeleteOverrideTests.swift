import Foundation
import ModelIR
import SchemaParser
import Testing

/// `onDelete` chosen outside the schema file (`--on-delete Post.comments=CASCADE`): read, applied to the parsed
/// schema exactly as the `onDelete:` argument would be, and refused where it cannot mean anything.
@Suite("onDelete outside the schema")
struct OnDeleteOverrideTests {
    static let source = """
        type Post @model @auth(rules: [{ allow: public }]) {
          id: ID!
          title: String!
          comments: [Comment] @hasMany(references: ["postId"])
          pinned: Comment @hasOne(references: ["pinnedOnId"])
          notes: [Note] @hasMany(references: ["postId"], onDelete: RESTRICT)
        }
        type Comment @model @auth(rules: [{ allow: public }]) {
          id: ID!
          postId: ID
          pinnedOnId: ID
          post: Post @belongsTo(references: ["postId"])
          pinnedOn: Post @belongsTo(references: ["pinnedOnId"])
        }
        type Note @model @auth(rules: [{ allow: public }]) {
          id: ID!
          postId: ID!
          post: Post @belongsTo(references: ["postId"])
        }
        """

    static func onDelete(_ schema: Schema, _ model: String, _ field: String) -> OnDelete? {
        schema.model(named: model)?.field(named: field)?.relationship?.onDelete
    }

    @Test("entries read as Model.field=ACTION, comma-separated, spaces ignored")
    func parsing() throws {
        let overrides = try OnDeleteOverride.list(" Post.comments = CASCADE, Blog.posts=SET_NULL,,Post.pinned=RESTRICT ")
        #expect(
            overrides == [
                OnDeleteOverride(model: "Post", field: "comments", action: .cascade), OnDeleteOverride(model: "Blog", field: "posts", action: .setNull),
                OnDeleteOverride(model: "Post", field: "pinned", action: .restrict),
            ])
        #expect(try OnDeleteOverride.list("").isEmpty)
        for bad in ["Post.comments", "Post=CASCADE", "Post.comments.x=CASCADE", ".comments=CASCADE", "Post.comments=DELETE", "Post.comments=cascade"] {
            #expect(throws: OnDeleteRefusal.self, "\(bad)") { try OnDeleteOverride(parsing: bad) }
        }
        #expect(throws: OnDeleteRefusal("'Post.comments=DELETE': the action must be CASCADE, SET_NULL or RESTRICT, not 'DELETE'.")) {
            try OnDeleteOverride(parsing: "Post.comments=DELETE")
        }
    }

    @Test("applied to hasMany and hasOne fields as the onDelete argument would be; the same value as the schema's is accepted")
    func applied() throws {
        var schema = try SchemaParser.parseOrThrow(source: Self.source)
        let before = schema
        try schema.apply([])
        #expect(schema == before)
        try schema.apply(try OnDeleteOverride.list("Post.comments=CASCADE,Post.pinned=SET_NULL,Post.notes=RESTRICT"))
        #expect(Self.onDelete(schema, "Post", "comments") == .cascade)
        #expect(Self.onDelete(schema, "Post", "pinned") == .setNull)
        #expect(Self.onDelete(schema, "Post", "notes") == .restrict)
        let written = try SchemaParser.parseOrThrow(
            source: Self.source.replacingOccurrences(
                of: #"comments: [Comment] @hasMany(references: ["postId"])"#, with: #"comments: [Comment] @hasMany(references: ["postId"], onDelete: CASCADE)"#
            )
            .replacingOccurrences(of: #"pinned: Comment @hasOne(references: ["pinnedOnId"])"#, with: #"pinned: Comment @hasOne(references: ["pinnedOnId"], onDelete: SET_NULL)"#))
        #expect(schema == written)
    }

    @Test(
        "refused with a sentence: unknown model or field, not a hasMany/hasOne field, a conflict with the schema or itself, an existing database",
        arguments: [
            ("Blog.posts=CASCADE", "onDelete 'Blog.posts': there is no model 'Blog'. Models: Post, Comment, Note."),
            ("Post.replies=CASCADE", "onDelete 'Post.replies': model 'Post' has no field 'replies'."),
            ("Post.title=CASCADE", "onDelete 'Post.title': only a @hasMany or @hasOne field can choose what deleting its parent does; 'Post.title' is neither."),
            ("Comment.post=CASCADE", "onDelete 'Comment.post': only a @hasMany or @hasOne field can choose what deleting its parent does; 'Comment.post' is neither."),
            ("Post.notes=CASCADE", "onDelete 'Post.notes=CASCADE' contradicts the schema, which says onDelete: RESTRICT there; keep one of them."),
            ("Post.comments=CASCADE,Post.comments=SET_NULL", "onDelete 'Post.comments' is given twice, as CASCADE and as SET_NULL."),
        ])
    func refused(entries: String, message: String) throws {
        var schema = try SchemaParser.parseOrThrow(source: Self.source)
        #expect(throws: OnDeleteRefusal(message)) { try schema.apply(try OnDeleteOverride.list(entries)) }
    }

    @Test("an existing database's foreign keys are its own: refused")
    func existingDatabase() throws {
        var schema = try SchemaParser.parseOrThrow(
            source: """
                input AMPLIFY { engine: String = "postgres" }
                type Post @model { id: Int! @primaryKey  comments: [Comment] @hasMany(references: ["postId"]) }
                type Comment @model { id: Int! @primaryKey  postId: Int  post: Post @belongsTo(references: ["postId"]) }
                """)
        #expect(throws: OnDeleteRefusal.self) { try schema.apply(try OnDeleteOverride.list("Post.comments=CASCADE")) }
        try schema.apply([])
    }
}

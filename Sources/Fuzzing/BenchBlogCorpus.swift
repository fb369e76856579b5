extension Corpus {
    /// Operations against `bench-blog` (the benchmark schema): the benchmark's queries and mutation, lists with
    /// filters, nested relationships and pages, fragments, directives, introspection, and every kind of write.
    public static let benchBlog = Corpus(
        name: "bench-blog",
        setup: [
            #"mutation { a: createBlog(input: {id: "blog-1", name: "Alpha"}) { id } b: createBlog(input: {id: "blog-2", name: "Beta"}) { id } c: createBlog(input: {id: "blog-3", name: "Gamma"}) { id } }"#,
            #"mutation { a: createPerson(input: {id: "person-1", name: "Ann"}) { id } b: createPerson(input: {id: "person-2", name: "Bob"}) { id } }"#,
            #"mutation { a: createPost(input: {id: "post-1", title: "One", content: "first", rating: 1, status: PUBLISHED, blogId: "blog-1", authorId: "person-1"}) { id } b: createPost(input: {id: "post-2", title: "Two", rating: 5, status: DRAFT, blogId: "blog-1", authorId: "person-2"}) { id } c: createPost(input: {id: "post-3", title: "Three", content: "x", rating: 9, status: ARCHIVED, blogId: "blog-2"}) { id } }"#,
            #"mutation { a: createComment(input: {id: "comment-1", content: "nice", postId: "post-1"}) { id } b: createComment(input: {id: "comment-2", content: "meh", postId: "post-1"}) { id } c: createComment(input: {id: "comment-3", content: "ok", postId: "post-2"}) { id } }"#,
            #"mutation { a: createTag(input: {id: "tag-1", name: "swift"}) { id } b: createTag(input: {id: "tag-2", name: "sql"}) { id } }"#,
            #"mutation { a: createPostTag(input: {id: "pt-1", postId: "post-1", tagId: "tag-1"}) { id } b: createPostTag(input: {id: "pt-2", postId: "post-2", tagId: "tag-1"}) { id } c: createPostTag(input: {id: "pt-3", postId: "post-1", tagId: "tag-2"}) { id } }"#,
        ],
        operations: [
            CorpusOperation("q1_get_post", "query GetPost($id: ID!) { getPost(id: $id) { id title rating status createdAt } }", variables: [("id", .id("post"))]),
            CorpusOperation(
                "q2_list_posts_belongs_to",
                "query ListPosts($minRating: Int!) { listPosts(filter: { status: { eq: PUBLISHED }, rating: { ge: $minRating } }, limit: 20) { items { id title rating blog { id name } author { id name } } nextToken } }",
                variables: [("minRating", .int)]
            ),
            CorpusOperation(
                "q3_has_many_page", "query BlogPosts($id: ID!) { getBlog(id: $id) { id name posts(limit: 50) { items { id title rating } nextToken } } }",
                variables: [("id", .id("blog"))]),
            CorpusOperation(
                "q4_depth3",
                "query Depth3 { listBlogs(limit: 10) { items { id name posts(limit: 10) { items { id title author { name } comments(limit: 5) { items { id content } } } } } } }"),
            CorpusOperation(
                "q5_many_to_many", "query TagPosts($id: ID!) { getTag(id: $id) { name posts(limit: 20) { items { post { id title author { name } } } } } }",
                variables: [("id", .id("tag"))]),
            CorpusOperation(
                "list_posts_page",
                "query Page($filter: ModelPostFilterInput, $limit: Int, $next: String) { listPosts(filter: $filter, limit: $limit, nextToken: $next) { items { id title blog { name } } nextToken } }",
                variables: [("filter", postFilter), ("limit", .int), ("next", .nextToken)]
            ),
            CorpusOperation(
                "nested_page_token",
                "query Nested($id: ID!, $next: String, $dir: ModelSortDirection) { getPost(id: $id) { comments(limit: 1, nextToken: $next, sortDirection: $dir) { items { id content post { title } } nextToken } tags { items { tag { name posts { items { postId } } } } } } }",
                variables: [("id", .id("post")), ("next", .nextToken), ("dir", .enumeration(["ASC", "DESC"]))]
            ),
            CorpusOperation(
                "fragments",
                "query WithFragments($id: ID!) { getPost(id: $id) { ...PostFields author { ...PersonFields } comments(limit: 3) { items { ...CommentFields } } } } fragment PostFields on Post { id title status } fragment PersonFields on Person { id name authoredPosts { items { ...PostFields } } } fragment CommentFields on Comment { id content post { ...PostFields } }",
                variables: [("id", .id("post"))]
            ),
            CorpusOperation(
                "aliases_inline_fragments",
                #"{ a: listBlogs(limit: 2) { items { __typename ... on Blog { name } } } b: listPeople(filter: {name: {beginsWith: "A"}}) { items { id authoredPosts(sortDirection: DESC, limit: 2) { items { title } nextToken } } } c: getPost(id: "post-1") { t: title } }"#
            ),
            CorpusOperation(
                "filter_and_or_not",
                #"{ listComments(filter: {and: [{content: {contains: "e"}}, {not: {postId: {eq: "post-2"}}}], or: [{content: {size: {gt: 1}}}, {id: {between: ["a", "z"]}}]}, limit: 5) { items { id content } nextToken } }"#
            ),
            CorpusOperation(
                "directives",
                "query Skip($skip: Boolean!, $id: ID!) { getBlog(id: $id) { id name @skip(if: $skip) posts @include(if: true) { items { id status } } } }",
                variables: [("skip", .boolean), ("id", .id("blog"))]
            ),
            CorpusOperation(
                "join_model",
                "query Join($tag: ID) { listPostTags(filter: {tagId: {eq: $tag}, postId: {attributeExists: true}}) { items { id post { title blog { name } } tag { name } } } }",
                variables: [("tag", .id("tag"))]
            ),
            CorpusOperation(
                "created_between",
                "query Recent($from: String, $to: String) { listPosts(filter: {createdAt: {between: [$from, $to]}, status: {ne: DRAFT}, title: {attributeType: string}}) { items { id createdAt updatedAt } } }",
                variables: [("from", .dateTime), ("to", .dateTime)]
            ),
            CorpusOperation("introspection_type", #"{ __type(name: "Post") { name kind fields { name type { name kind ofType { name } } } } }"#),
            CorpusOperation("typename", "{ __typename }"),
            CorpusOperation(
                "m1_create_comment",
                "mutation AddComment($postId: ID!, $content: String!) { createComment(input: { postId: $postId, content: $content }) { id content post { id title } } }",
                variables: [("postId", .id("post")), ("content", .string)], isMutation: true, echo: ("content", ["createComment", "content"])
            ),
            CorpusOperation(
                "create_post",
                "mutation CreatePost($title: String!, $blog: ID!, $rating: Int!, $status: PostStatus!) { createPost(input: {title: $title, rating: $rating, status: $status, blogId: $blog}) { id title rating blog { name } } }",
                variables: [("title", .string), ("blog", .id("blog")), ("rating", .int), ("status", .enumeration(["DRAFT", "PUBLISHED", "ARCHIVED"]))],
                isMutation: true, echo: ("title", ["createPost", "title"])
            ),
            CorpusOperation(
                "create_post_input",
                "mutation CreatePostInput($input: CreatePostInput!) { createPost(input: $input) { id title content status author { name } } }",
                variables: [
                    (
                        "input",
                        .object([
                            ("title", .string, true), ("content", .string, false), ("rating", .int, true),
                            ("status", .enumeration(["DRAFT", "PUBLISHED", "ARCHIVED"]), true), ("blogId", .id("blog"), true), ("authorId", .id("person"), false),
                        ])
                    )
                ],
                isMutation: true
            ),
            CorpusOperation(
                "update_post",
                "mutation UpdatePost($id: ID!, $title: String, $rating: Int) { updatePost(input: {id: $id, title: $title, rating: $rating}, condition: {rating: {ge: 0}}) { id title rating updatedAt } }",
                variables: [("id", .id("post")), ("title", .string), ("rating", .int)], isMutation: true, echo: ("title", ["updatePost", "title"])
            ),
            CorpusOperation("create_person_inline", #"mutation { createPerson(input: {name: «S»}) { id name } }"#, isMutation: true, inlineEcho: ["createPerson", "name"]),
            CorpusOperation(
                "create_tag_and_link",
                #"mutation Link($name: String!, $post: ID!) { t: createTag(input: {name: $name}) { id name } l: createPostTag(input: {postId: $post, tagId: "tag-2"}) { id post { title } tag { name } } }"#,
                variables: [("name", .string), ("post", .id("post"))], isMutation: true, echo: ("name", ["t", "name"])
            ),
            CorpusOperation(
                "delete_comment", "mutation Delete($id: ID!) { deleteComment(input: {id: $id}) { id content } }", variables: [("id", .id("comment"))], isMutation: true),
            CorpusOperation(
                "delete_blog_in_use",
                #"mutation DeleteBlog($id: ID!) { deleteBlog(input: {id: $id}, condition: {not: {name: {eq: "nope"}}}) { id name posts { items { id } } } }"#,
                variables: [("id", .id("blog"))], isMutation: true
            ),
            CorpusOperation(
                "update_blog_condition",
                "mutation Rename($id: ID!, $name: String!) { updateBlog(input: {id: $id, name: $name}, condition: {or: [{name: {beginsWith: \"A\"}}, {name: {attributeExists: true}}]}) { id name } }",
                variables: [("id", .id("blog")), ("name", .string)], isMutation: true, echo: ("name", ["updateBlog", "name"])
            ),
        ],
        ids: [
            "blog": ["blog-1", "blog-2", "blog-3"], "person": ["person-1", "person-2"], "post": ["post-1", "post-2", "post-3"],
            "comment": ["comment-1", "comment-2", "comment-3"], "tag": ["tag-1", "tag-2"],
        ]
    )

    /// `ModelPostFilterInput`, for generating filter values.
    static let postFilter = VariableKind.object([
        ("id", stringCondition(.id("post")), false), ("title", stringCondition(.string), false), ("rating", intCondition, false),
        ("status", .object([("eq", .enumeration(["DRAFT", "PUBLISHED", "ARCHIVED"]), false), ("ne", .enumeration(["DRAFT", "PUBLISHED", "ARCHIVED"]), false)]), false),
        ("createdAt", stringCondition(.dateTime), false), ("blogId", stringCondition(.id("blog")), false),
    ])

    /// `Model…Input` of a string-like field.
    static func stringCondition(_ kind: VariableKind) -> VariableKind {
        .object([
            ("eq", kind, false), ("ne", kind, false), ("gt", kind, false), ("le", kind, false), ("beginsWith", kind, false),
            ("contains", kind, false), ("between", .list(kind), false), ("attributeExists", .boolean, false),
            ("size", .object([("gt", .int, false), ("between", .list(.int), false)]), false),
        ])
    }

    /// `ModelIntInput`.
    static let intCondition = VariableKind.object([
        ("eq", .int, false), ("lt", .int, false), ("ge", .int, false), ("between", .list(.int), false), ("attributeExists", .boolean, false),
    ])
}

extension Corpus {
    /// Operations against `catalog`: composite primary and sort keys, secondary-index queries, a hasMany through
    /// an index, string lists, and the AWS scalars (AWSDate, AWSJSON, AWSEmail, AWSURL, Float).
    public static let catalog = Corpus(
        name: "catalog",
        setup: [
            #"mutation { a: createShelf(input: {id: "s1", label: "one"}) { id } b: createShelf(input: {id: "s2", label: "two"}) { id } }"#,
            #"mutation { a: createItem(input: {sku: "a", kind: BOOK, version: 1, shelfId: "s1", addedOn: "2024-01-03", title: "a1", tags: ["x", "BOOK"], region: "eu", zone: "z1", rack: 1}) { sku } b: createItem(input: {sku: "a", kind: GAME, version: 1, shelfId: "s1", addedOn: "2024-01-02", title: "a2", region: "eu", zone: "z2", rack: 2, details: "{\"k\": [1]}"}) { sku } c: createItem(input: {sku: "b", kind: BOOK, version: 2, shelfId: "s2", addedOn: "2024-02-01", title: "b2", price: 3.25, contact: "a@b.io", homepage: "https://x.io"}) { sku } }"#,
        ],
        operations: [
            CorpusOperation(
                "composite_sort_key",
                "query Items($sku: String, $kind: Kind, $v: Int, $dir: ModelSortDirection) { listItems(sku: $sku, kindVersion: {ge: {kind: $kind, version: $v}}, sortDirection: $dir) { items { sku kind version title } nextToken } }",
                variables: [("sku", .id("sku")), ("kind", kind), ("v", .int), ("dir", .enumeration(["ASC", "DESC"]))]
            ),
            CorpusOperation(
                "sort_key_between",
                #"{ listItems(sku: "a", kindVersion: {between: [{kind: BOOK, version: 2}, {kind: GAME, version: 1}]}) { items { version } } b: listItems(sku: "a", kindVersion: {beginsWith: {kind: BOOK}}) { items { kind } } }"#
            ),
            CorpusOperation(
                "get_item",
                "query Get($sku: String!, $kind: Kind!, $v: Int!) { getItem(sku: $sku, kind: $kind, version: $v) { sku title price tags details contact homepage addedOn createdAt } }",
                variables: [("sku", .id("sku")), ("kind", kind), ("v", .int)]
            ),
            CorpusOperation(
                "index_by_shelf",
                "query ByShelf($shelf: ID!, $from: String, $limit: Int, $next: String) { itemsByShelfIdAndAddedOn(shelfId: $shelf, addedOn: {ge: $from}, limit: $limit, nextToken: $next) { items { sku version addedOn } nextToken } }",
                variables: [("shelf", .id("shelf")), ("from", .date), ("limit", .int), ("next", .nextToken)]
            ),
            CorpusOperation(
                "index_by_region",
                "query ByRegion($region: String!, $zone: String, $rack: Int) { itemsByRegionAndZoneAndRack(region: $region, zoneRack: {beginsWith: {zone: $zone, rack: $rack}}, sortDirection: DESC) { items { sku zone rack } } }",
                variables: [("region", .string), ("zone", .string), ("rack", .int)]
            ),
            CorpusOperation(
                "shelf_items_nested",
                #"query Shelf($id: ID!, $before: String) { getShelf(id: $id) { label items(sortDirection: DESC, limit: 2, addedOn: {lt: $before}, filter: {kind: {eq: BOOK}}) { items { sku addedOn } nextToken } } }"#,
                variables: [("id", .id("shelf")), ("before", .date)]
            ),
            CorpusOperation(
                "list_filter",
                "query Filter($filter: ModelItemFilterInput, $limit: Int) { listItems(filter: $filter, limit: $limit) { items { sku tags price } nextToken } }",
                variables: [("filter", itemFilter), ("limit", .int)]
            ),
            CorpusOperation(
                "filter_functions",
                #"{ listItems(filter: {or: [{tags: {contains: "x"}}, {and: [{version: {between: [1, 10]}}, {not: {sku: {beginsWith: "ab"}}}]}], title: {size: {gt: 1}}, price: {attributeExists: false}, version: {attributeType: number}}) { items { sku } } }"#
            ),
            CorpusOperation("list_shelves", "{ listShelves(limit: 5) { items { id label items(limit: 3) { items { title } } } nextToken } }"),
            CorpusOperation(
                "create_item",
                "mutation Create($i: CreateItemInput!) { createItem(input: $i) { sku kind version addedOn tags price contact homepage details } }",
                variables: [("i", createItemInput)], isMutation: true
            ),
            CorpusOperation(
                "create_item_dated",
                "mutation Dated($sku: String!, $on: AWSDate!, $title: String!, $v: Int!) { createItem(input: {sku: $sku, kind: BOOK, version: $v, shelfId: \"s1\", addedOn: $on, title: $title}) { sku addedOn title } }",
                variables: [("sku", .string), ("on", .date), ("title", .string), ("v", .int)], isMutation: true, echo: ("title", ["createItem", "title"])
            ),
            CorpusOperation(
                "update_item_key",
                "mutation Update($sku: String!, $zone: String, $rack: Int, $price: Float, $details: AWSJSON) { updateItem(input: {sku: $sku, kind: BOOK, version: 1, zone: $zone, rack: $rack, price: $price, details: $details}) { zone rack price details } }",
                variables: [("sku", .id("sku")), ("zone", .string), ("rack", .int), ("price", .float), ("details", .json)], isMutation: true,
                echo: ("zone", ["updateItem", "zone"])
            ),
            CorpusOperation(
                "delete_item",
                "mutation Delete($sku: String!, $kind: Kind!, $v: Int!) { deleteItem(input: {sku: $sku, kind: $kind, version: $v}, condition: {title: {attributeExists: true}}) { sku title } }",
                variables: [("sku", .id("sku")), ("kind", kind), ("v", .int)], isMutation: true
            ),
            CorpusOperation("create_shelf_inline", #"mutation { createShelf(input: {label: «S»}) { id label } }"#, isMutation: true, inlineEcho: ["createShelf", "label"]),
            CorpusOperation(
                "update_shelf",
                "mutation Label($id: ID!, $label: String!) { updateShelf(input: {id: $id, label: $label}) { id label items { items { sku } } } }",
                variables: [("id", .id("shelf")), ("label", .string)], isMutation: true, echo: ("label", ["updateShelf", "label"])
            ),
        ],
        ids: ["shelf": ["s1", "s2"], "sku": ["a", "b"]]
    )

    static let kind = VariableKind.enumeration(["BOOK", "GAME"])

    /// `CreateItemInput`.
    static let createItemInput = VariableKind.object([
        ("sku", .string, true), ("kind", kind, true), ("version", .int, true), ("shelfId", .id("shelf"), true), ("addedOn", .date, true),
        ("title", .string, true), ("tags", .list(.string), false), ("price", .float, false), ("contact", .email, false),
        ("homepage", .url, false), ("details", .json, false), ("region", .string, false), ("zone", .string, false), ("rack", .int, false),
    ])

    /// `ModelItemFilterInput`, without the recursive `and`/`or`/`not` (the generator nests those itself).
    static let itemFilter = VariableKind.object([
        ("sku", stringCondition(.id("sku")), false), ("addedOn", stringCondition(.date), false), ("tags", stringCondition(.string), false),
        ("price", .object([("gt", .float, false), ("between", .list(.float), false)]), false), ("version", intCondition, false),
        ("details", stringCondition(.json), false), ("kind", .object([("eq", kind, false)]), false),
    ])
}

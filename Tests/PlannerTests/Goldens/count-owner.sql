-- countNotes
SELECT (count(*))::integer FROM "Note" AS "t0" WHERE (("t0"."owner")::text = ANY((ARRAY[$1::text, $2::text, $3::text])::text[]))
-- parameters: 'sub-alice::alice', 'sub-alice', 'alice'

-- aggregateRemarks
SELECT json_build_object('count', (count(*))::integer) FROM "Remark" AS "t0"
-- parameters: 

-- listNotes
SELECT (SELECT json_build_object('items', coalesce(array_to_json(array_agg("p"."o0")), ('[]')::json)) FROM (SELECT "__r$2" AS "o0" FROM "Note" AS "t0", LATERAL (SELECT "t0"."id" AS "id", (SELECT (count(*))::integer FROM "Remark" AS "t1" WHERE ("t1"."noteId" = "t0"."id")) AS "commentsCount") AS "__r$2" WHERE (("t0"."owner")::text = ANY((ARRAY[$1::text, $2::text, $3::text])::text[])) ORDER BY "t0"."id" LIMIT $4::integer) AS "p")
-- parameters: 'sub-alice::alice', 'sub-alice', 'alice', '100'

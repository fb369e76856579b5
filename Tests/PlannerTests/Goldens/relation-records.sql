-- listRemarks (planned for its values)
SELECT (SELECT json_build_object('items', coalesce(array_to_json(array_agg("p"."o0")), ('[]')::json)) FROM (SELECT "__r$2" AS "o0" FROM "Remark" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$2" WHERE (TRUE AND (EXISTS (SELECT 1 FROM "Note" AS "t1" WHERE ((("t1"."id" = "t0"."noteId") AND (("t1"."owner")::text = ANY((ARRAY[$1::text, $2::text, $3::text])::text[]))) AND ("t1"."title" = $4::text))))) ORDER BY "t0"."id" LIMIT $5::integer) AS "p")
-- parameters: 's-1::ann', 's-1', 'ann', 'x', '100'

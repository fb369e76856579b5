-- recommended: Query.recommended, arguments {"count":2}
-- records read by key ($1 = the returned records)
SELECT coalesce(json_agg("__m$"."j" ORDER BY "__sql$"."__ord$"), '[]'::json) FROM (SELECT ("k"."v" ->> 'id')::text AS "id", "k"."ord" AS "__ord$" FROM json_array_elements($1::json) WITH ORDINALITY AS "k"("v", "ord")) AS "__sql$" CROSS JOIN LATERAL (SELECT to_json("__r$1") FROM "Post" AS "t0", LATERAL (SELECT "t0"."id" AS "id", "t0"."title" AS "title") AS "__r$1" WHERE ("t0"."id" = "__sql$"."id")) AS "__m$"("j")
-- parameters: 

-- listTeams
SELECT (SELECT json_build_object('items', coalesce(array_to_json(array_agg("p"."o0")), ('[]')::json)) FROM (SELECT "q"."o0" AS "o0", row_number() OVER () AS "n" FROM (SELECT "__r$2" AS "o0" FROM "Team" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$2" WHERE (TRUE AND (NOT EXISTS (SELECT 1 FROM "Member" AS "t1" WHERE (("t1"."teamId" = "t0"."id") AND (NOT coalesce(("t1"."role" = $1::text), FALSE)))))) ORDER BY "t0"."id" LIMIT 1000) AS "q") AS "p" WHERE ("p"."n" <= $2::integer))
-- parameters: 'LEAD', '5'

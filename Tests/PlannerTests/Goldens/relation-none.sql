-- listTeams
SELECT (SELECT json_build_object('items', coalesce(array_to_json(array_agg("p"."o0")), ('[]')::json)) FROM (SELECT "q"."o0" AS "o0", row_number() OVER () AS "n" FROM (SELECT "__r$2" AS "o0" FROM "Team" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$2" WHERE (TRUE AND ((NOT EXISTS (SELECT 1 FROM "Member" AS "t1" WHERE (("t1"."teamId" = "t0"."id") AND (left(("t1"."name")::text, length($1::text)) = $1::text)))) AND ("t0"."mantra" IS DISTINCT FROM $2::text))) ORDER BY "t0"."id" LIMIT 1000) AS "q") AS "p" WHERE ("p"."n" <= $3::integer))
-- parameters: 'x', 'Go', '5'

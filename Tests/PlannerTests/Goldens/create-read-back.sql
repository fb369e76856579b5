-- createMember (mutation)
INSERT INTO "Member" ("id", "name", "teamId") VALUES ((gen_random_uuid())::text, $1::text, $2::text) RETURNING ("id")::text
-- parameters: 'A', 't1'
-- read back (first 1 parameter(s) = the written key)
SELECT to_json("__r$5") FROM "Member" AS "t0", LATERAL (SELECT "t0"."id" AS "id", (SELECT "__r$4" FROM "Team" AS "t1", LATERAL (SELECT (SELECT json_build_object('items', coalesce(array_to_json(array_agg("p"."o0")), ('[]')::json)) FROM (SELECT "__r$3" AS "o0" FROM "Member" AS "t2", LATERAL (SELECT "t2"."id" AS "id") AS "__r$3" WHERE ("t2"."teamId" = "t1"."id") ORDER BY "t2"."id" LIMIT $2::integer) AS "p") AS "members") AS "__r$4" WHERE ("t1"."id" = "t0"."teamId") LIMIT 1) AS "team") AS "__r$5" WHERE ("t0"."id" = $1::text)
-- parameters: NULL, '100'

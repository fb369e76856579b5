-- createMember (mutation)
INSERT INTO "Member" ("id", "name", "teamId") VALUES ((gen_random_uuid())::text, $1::text, $2::text) RETURNING ("id")::text
-- parameters: 'A', 't1'
-- read back (first 1 parameter(s) = the written key)
SELECT json_build_object('id', "t0"."id", 'team', (SELECT json_build_object('members', (SELECT json_build_object('items', coalesce(json_agg("p"."o0"), ('[]')::json)) FROM (SELECT json_build_object('id', "t2"."id") AS "o0" FROM "Member" AS "t2" WHERE ("t2"."teamId" = "t1"."id") ORDER BY "t2"."id" LIMIT $2::integer) AS "p")) FROM "Team" AS "t1" WHERE ("t1"."id" = "t0"."teamId") LIMIT 1)) FROM "Member" AS "t0" WHERE ("t0"."id" = $1::text)
-- parameters: NULL, '100'

-- createTeam (mutation) (no row = conditional check failed)
WITH "w0" AS (INSERT INTO "Team" ("id", "mantra") VALUES ((gen_random_uuid())::text, $1::text) RETURNING *), "w1" AS (INSERT INTO "Member" ("id", "name", "role", "teamId") VALUES ((gen_random_uuid())::text, $2::text, $3::text, (SELECT "t0"."id" FROM "w0" AS "t0")), ((gen_random_uuid())::text, $4::text, $5::text, (SELECT "t0"."id" FROM "w0" AS "t0")) RETURNING *), "w3" AS (UPDATE "Member" AS "t1" SET "teamId" = (SELECT "t0"."id" FROM "w0" AS "t0"), "updatedAt" = now() WHERE ("t1"."id" = $6::text) RETURNING "t1".*) SELECT ("t3"."id")::text, (SELECT count(*) FROM "w3" AS "t2") FROM "w0" AS "t3"
-- parameters: 'Go', 'A', 'LEAD', 'B', 'MEMBER', 'm9'
-- read back (first 1 parameter(s) = the written key)
SELECT to_json("__r$3") FROM "Team" AS "t0", LATERAL (SELECT "t0"."id" AS "id", (SELECT json_build_object('items', coalesce(array_to_json(array_agg("p"."o0")), ('[]')::json)) FROM (SELECT "__r$2" AS "o0" FROM "Member" AS "t1", LATERAL (SELECT "t1"."name" AS "name") AS "__r$2" WHERE ("t1"."teamId" = "t0"."id") ORDER BY "t1"."id" LIMIT $2::integer) AS "p") AS "members") AS "__r$3" WHERE ("t0"."id" = $1::text)
-- parameters: NULL, '100'
-- expected count: column 1 = 1, else referenceNotFound("A Member to connect through Team.members does not exist.")

-- a (mutation) (no row = conditional check failed)
WITH "w0" AS (UPDATE "Member" AS "t1" SET "teamId" = $1::text, "updatedAt" = now() WHERE ("t1"."id" = $2::text) RETURNING "t1".*) SELECT ("t2"."id")::text, (SELECT count(*) FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text)) FROM "w0" AS "t2"
-- parameters: 't2', 'm1'
-- read back (first 1 parameter(s) = the written key)
SELECT to_json("__r$1") FROM "Member" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$1" WHERE ("t0"."id" = $1::text)
-- parameters: NULL

-- b (mutation) (no row = conditional check failed)
WITH "w0" AS (UPDATE "Member" AS "t0" SET "teamId" = NULL, "updatedAt" = now() WHERE ("t0"."id" = $1::text) RETURNING "t0".*) SELECT ("t1"."id")::text FROM "w0" AS "t1"
-- parameters: 'm2'
-- read back (first 1 parameter(s) = the written key)
SELECT to_json("__r$1") FROM "Member" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$1" WHERE ("t0"."id" = $1::text)
-- parameters: NULL

-- c (mutation) (no row = conditional check failed)
WITH "w0" AS (INSERT INTO "Team" ("id", "mantra") VALUES ((gen_random_uuid())::text, $1::text) RETURNING *), "w1" AS (UPDATE "Member" AS "t1" SET "teamId" = (SELECT "t0"."id" FROM "w0" AS "t0"), "updatedAt" = now() WHERE ("t1"."id" = $2::text) RETURNING "t1".*) SELECT ("t2"."id")::text FROM "w1" AS "t2"
-- parameters: 'new', 'm3'
-- read back (first 1 parameter(s) = the written key)
SELECT to_json("__r$1") FROM "Member" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$1" WHERE ("t0"."id" = $1::text)
-- parameters: NULL
-- expected count: column 1 = 1, else referenceNotFound("The Team to connect through Member.team does not exist.")

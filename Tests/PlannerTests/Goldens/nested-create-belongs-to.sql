-- a (mutation) (no row = conditional check failed)
WITH "w0" AS (INSERT INTO "Team" ("id", "mantra") VALUES ((gen_random_uuid())::text, $1::text) RETURNING *), "w1" AS (INSERT INTO "Member" ("id", "name", "teamId") VALUES ((gen_random_uuid())::text, $2::text, (SELECT "t0"."id" FROM "w0" AS "t0")) RETURNING *), "w2" AS (INSERT INTO "Member" ("id", "name", "teamId") VALUES ((gen_random_uuid())::text, $3::text, (SELECT "t1"."id" FROM "w0" AS "t1")) RETURNING *) SELECT ("t2"."id")::text FROM "w2" AS "t2"
-- parameters: 'M', 'B', 'A'
-- read back (first 1 parameter(s) = the written key)
SELECT to_json("__r$1") FROM "Member" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$1" WHERE ("t0"."id" = $1::text)
-- parameters: NULL

-- b (mutation) (no row = conditional check failed)
WITH "w0" AS (INSERT INTO "Member" ("id", "name", "teamId") VALUES ((gen_random_uuid())::text, $2::text, $1::text) RETURNING *) SELECT ("t1"."id")::text, (SELECT count(*) FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text)) FROM "w0" AS "t1"
-- parameters: 't1', 'C'
-- read back (first 1 parameter(s) = the written key)
SELECT to_json("__r$1") FROM "Member" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$1" WHERE ("t0"."id" = $1::text)
-- parameters: NULL
-- expected count: column 1 = 1, else referenceNotFound("The Team to connect through Member.team does not exist.")

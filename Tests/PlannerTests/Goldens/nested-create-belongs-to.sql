-- a (mutation) (no row = conditional check failed)
WITH "w0" AS (INSERT INTO "Team" ("id", "mantra") VALUES ((gen_random_uuid())::text, $1::text) RETURNING *), "w1" AS (INSERT INTO "Member" ("id", "name", "teamId") VALUES ((gen_random_uuid())::text, $2::text, (SELECT "t0"."id" FROM "w0" AS "t0")) RETURNING *), "w2" AS (INSERT INTO "Member" ("id", "name", "teamId") VALUES ((gen_random_uuid())::text, $3::text, (SELECT "t1"."id" FROM "w0" AS "t1")) RETURNING *) SELECT to_json("__r$3") FROM "w2" AS "t2", LATERAL (SELECT "t2"."id" AS "id") AS "__r$3"
-- parameters: 'M', 'B', 'A'

-- b (mutation) (no row = conditional check failed)
WITH "w0" AS (INSERT INTO "Member" ("id", "name", "teamId") VALUES ((gen_random_uuid())::text, $2::text, $1::text) RETURNING *) SELECT to_json("__r$2"), (SELECT count(*) FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text)) FROM "w0" AS "t1", LATERAL (SELECT "t1"."id" AS "id") AS "__r$2"
-- parameters: 't1', 'C'
-- expected count: column 1 = 1, else referenceNotFound("The Team to connect through Member.team does not exist.")

-- batchCreateTeam (mutation)
WITH "w0" AS (INSERT INTO "Team" ("id", "mantra") VALUES ((gen_random_uuid())::text, $1::text) RETURNING *), "w1" AS (INSERT INTO "Team" ("id", "mantra") VALUES ((gen_random_uuid())::text, $2::text) RETURNING *) SELECT array_to_json(ARRAY[(SELECT to_json("__r$1") FROM "w0" AS "t0", LATERAL (SELECT "t0"."id" AS "id", "t0"."mantra" AS "mantra") AS "__r$1"), (SELECT to_json("__r$3") FROM "w1" AS "t2", LATERAL (SELECT "t2"."id" AS "id", "t2"."mantra" AS "mantra") AS "__r$3")])
-- parameters: 'a', 'b'

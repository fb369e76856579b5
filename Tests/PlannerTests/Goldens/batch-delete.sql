-- batchDeleteTeam (mutation)
WITH "w0" AS (DELETE FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text) RETURNING "t0".*), "w1" AS (DELETE FROM "Team" AS "t2" WHERE ("t2"."id" = $2::text) RETURNING "t2".*) SELECT array_to_json(ARRAY[(SELECT to_json("__r$5") FROM "w0" AS "t4", LATERAL (SELECT "t4"."id" AS "id", "t4"."mantra" AS "mantra") AS "__r$5"), (SELECT to_json("__r$7") FROM "w1" AS "t6", LATERAL (SELECT "t6"."id" AS "id", "t6"."mantra" AS "mantra") AS "__r$7")]), (SELECT count(*) FROM "w0" AS "t1"), (SELECT count(*) FROM "w1" AS "t3")
-- parameters: 't1', 't2'
-- expected count: column 1 = 1, else conditionalCheckFailed
-- expected count: column 2 = 1, else conditionalCheckFailed

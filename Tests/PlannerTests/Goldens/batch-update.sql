-- batchUpdateTeam (mutation)
WITH "w0" AS (UPDATE "Team" AS "t0" SET "mantra" = $2::text, "updatedAt" = now() WHERE ("t0"."id" = $1::text) RETURNING "t0".*), "w1" AS (UPDATE "Team" AS "t2" SET "size" = $4::integer, "updatedAt" = now() WHERE ("t2"."id" = $3::text) RETURNING "t2".*) SELECT array_to_json(ARRAY[(SELECT to_json("__r$5") FROM "w0" AS "t4", LATERAL (SELECT "t4"."id" AS "id", "t4"."mantra" AS "mantra", "t4"."size" AS "size") AS "__r$5"), (SELECT to_json("__r$7") FROM "w1" AS "t6", LATERAL (SELECT "t6"."id" AS "id", "t6"."mantra" AS "mantra", "t6"."size" AS "size") AS "__r$7")]), (SELECT count(*) FROM "w0" AS "t1"), (SELECT count(*) FROM "w1" AS "t3")
-- parameters: 't1', 'x', 't2', '3'
-- expected count: column 1 = 1, else conditionalCheckFailed
-- expected count: column 2 = 1, else conditionalCheckFailed

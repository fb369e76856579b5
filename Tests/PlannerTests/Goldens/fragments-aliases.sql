-- a
SELECT to_json("__r$1") FROM "Team" AS "t0", LATERAL (SELECT "t0"."id" AS "id", "t0"."mantra" AS "teamMantra") AS "__r$1" WHERE ("t0"."id" = $1::text)
-- parameters: '1'

-- b
SELECT to_json("__r$1") FROM "Team" AS "t0", LATERAL (SELECT "t0"."mantra" AS "mantra") AS "__r$1" WHERE ("t0"."id" = $1::text)
-- parameters: '2'

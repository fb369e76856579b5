-- createTeam (mutation)
WITH "written" AS (INSERT INTO "Team" ("id", "mantra", "size") VALUES ((gen_random_uuid())::text, $1::text, $2::integer) RETURNING *) SELECT to_json("__r$1") FROM "written" AS "t0", LATERAL (SELECT "t0"."id" AS "id", "t0"."mantra" AS "mantra", "t0"."size" AS "size", to_char(("t0"."createdAt" AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt") AS "__r$1"
-- parameters: 'Go', '3'

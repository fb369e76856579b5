-- createTeam (mutation)
WITH "written" AS (INSERT INTO "Team" ("id", "mantra", "size") VALUES ((gen_random_uuid())::text, $1::text, $2::integer) RETURNING *) SELECT json_build_object('id', "t0"."id", 'mantra', "t0"."mantra", 'size', "t0"."size", 'createdAt', to_char(("t0"."createdAt" AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) FROM "written" AS "t0"
-- parameters: 'Go', '3'

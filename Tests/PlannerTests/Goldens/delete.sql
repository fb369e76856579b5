-- deleteTeam (mutation) (no row = conditional check failed)
WITH "written" AS (DELETE FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text) RETURNING "t0".*) SELECT to_json("__r$4") FROM "written" AS "t1", LATERAL (SELECT "t1"."id" AS "id", (SELECT json_build_object('items', coalesce(array_to_json(array_agg("p"."o0")), ('[]')::json)) FROM (SELECT "__r$3" AS "o0" FROM "Member" AS "t2", LATERAL (SELECT "t2"."id" AS "id") AS "__r$3" WHERE ("t2"."teamId" = "t1"."id") ORDER BY "t2"."id" LIMIT $2::integer) AS "p") AS "members") AS "__r$4"
-- parameters: 't1', '100'

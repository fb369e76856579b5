-- deleteTeam (mutation) (no row = conditional check failed)
WITH "written" AS (DELETE FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text) RETURNING "t0".*) SELECT json_build_object('id', "t1"."id", 'members', (SELECT json_build_object('items', coalesce(json_agg("p"."o0"), ('[]')::json)) FROM (SELECT json_build_object('id', "t2"."id") AS "o0" FROM "Member" AS "t2" WHERE ("t2"."teamId" = "t1"."id") ORDER BY "t2"."id" LIMIT $2::integer) AS "p")) FROM "written" AS "t1"
-- parameters: 't1', '100'

-- getTeam
SELECT json_build_object('id', "t0"."id", 'aliasLongerThanTheSixtyThreeBytesPostgreSQLAllowsForAColumnName_x', "t0"."mantra", 'members', (SELECT json_build_object('items', coalesce(array_to_json(array_agg("p"."o0")), ('[]')::json)) FROM (SELECT "__r$2" AS "o0" FROM "Member" AS "t1", LATERAL (SELECT "t1"."id" AS "id") AS "__r$2" WHERE ("t1"."teamId" = "t0"."id") ORDER BY "t1"."id" LIMIT $2::integer) AS "p")) FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text)
-- parameters: 't1', '100'

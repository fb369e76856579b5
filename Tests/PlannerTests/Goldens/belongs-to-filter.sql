-- listMembers (planned for its values)
SELECT (SELECT json_build_object('items', coalesce(array_to_json(array_agg("p"."o0")), ('[]')::json)) FROM (SELECT "__r$3" AS "o0" FROM "Member" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$3" WHERE (TRUE AND (EXISTS (SELECT 1 FROM "Team" AS "t1" WHERE (("t1"."id" = "t0"."teamId") AND (("t1"."mantra" = $1::text) AND (EXISTS (SELECT 1 FROM "Member" AS "t2" WHERE (("t2"."teamId" = "t1"."id") AND ("t2"."role" = $2::text))))))))) ORDER BY "t0"."id" LIMIT $3::integer) AS "p")
-- parameters: 'Go', 'MEMBER', '5'

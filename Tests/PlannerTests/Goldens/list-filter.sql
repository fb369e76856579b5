-- listTeams
SELECT (SELECT json_build_object('items', coalesce(array_to_json((array_agg("p"."o0"))[1:$4::integer]), ('[]')::json), 'nextToken', CASE WHEN (count(*) > $4::integer) THEN translate(encode(convert_to((json_build_object('v', 1, 'h', $5::text, 'k', json_build_array(((array_agg("p"."k0"))[$4::integer])::text)))::text, 'UTF8'), 'base64'), '
', '') END) FROM (SELECT "t0"."id" AS "k0", "__r$1" AS "o0" FROM "Team" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$1" WHERE (TRUE AND ((("t0"."size" > $1::integer) OR (left(("t0"."mantra")::text, length($2::text)) = $2::text)) AND ("t0"."active" IS DISTINCT FROM $3::boolean))) ORDER BY "t0"."id" LIMIT ($4::integer + 1)) AS "p")
-- parameters: '2', 'B', 'false', '2', 'f3413c14536a4117'

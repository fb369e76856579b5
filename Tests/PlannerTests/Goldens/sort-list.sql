-- listTeams
SELECT (SELECT json_build_object('items', coalesce(array_to_json((array_agg("p"."o0"))[1:$1::integer]), ('[]')::json), 'nextToken', CASE WHEN (count(*) > $1::integer) THEN translate(encode(convert_to((json_build_object('v', 2, 'h', $2::text, 'k', json_build_array(((array_agg("p"."k0"))[$1::integer])::text, ((array_agg("p"."k1"))[$1::integer])::text, ((array_agg("p"."k2"))[$1::integer])::text)))::text, 'UTF8'), 'base64'), '
', '') END) FROM (SELECT "t0"."size" AS "k0", "t0"."mantra" AS "k1", "t0"."id" AS "k2", "__r$1" AS "o0" FROM "Team" AS "t0", LATERAL (SELECT "t0"."id" AS "id", "t0"."size" AS "size", "t0"."mantra" AS "mantra") AS "__r$1" WHERE TRUE ORDER BY "t0"."size" DESC, "t0"."mantra", "t0"."id" LIMIT ($1::integer + 1)) AS "p")
-- parameters: '2', '773a2cba82371427'

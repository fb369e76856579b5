-- postStats: Query.postStats, arguments {"minRating":3}
SELECT coalesce(json_agg(row_to_json("__sql$")), '[]'::json) FROM (SELECT * FROM (SELECT count(*)::int AS posts, avg(rating)::float8 AS "averageRating", max(title) AS best, ARRAY['HAPPY'] AS moods FROM "Post" WHERE coalesce(rating, 0) >= $1) AS "__sql$" LIMIT 1) AS "__sql$"
-- parameters: '3'

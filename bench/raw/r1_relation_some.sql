\set n random(1, 1000)
SELECT json_build_object('data', json_build_object('listPosts', json_build_object(
  'items', coalesce(json_agg(json_build_object('id', p."id", 'title', p."title") ORDER BY p."id"), '[]'))))
FROM (SELECT * FROM "Post" p
      WHERE EXISTS (SELECT 1 FROM "PostTag" t WHERE t."postId" = p."id" AND t."tagId" = md5('tag-' || :n)::uuid::text)
      ORDER BY p."id" LIMIT 50) p;

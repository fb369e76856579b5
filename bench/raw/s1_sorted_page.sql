\set n random(1, 100)
SELECT json_build_object('data', json_build_object('getBlog',
  (SELECT json_build_object('id', b."id", 'posts', json_build_object(
      'items', (SELECT coalesce(json_agg(json_build_object('id', p."id", 'title', p."title", 'rating', p."rating") ORDER BY p."rating" DESC, p."id" DESC), '[]')
                  FROM (SELECT * FROM "Post" p WHERE p."blogId" = b."id" ORDER BY p."rating" DESC, p."id" DESC LIMIT 50) p),
      'nextToken', NULL))
     FROM "Blog" b WHERE b."id" = md5('blog-' || :n)::uuid::text)));

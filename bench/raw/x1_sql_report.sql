\set n random(1, 100)
\set m random(0, 10)
SELECT json_build_object('data', json_build_object('blogStats',
  (SELECT json_build_object('posts', count(*)::int, 'best', coalesce(max(rating), 0)::int)
   FROM "Post" WHERE "blogId" = md5('blog-' || :n)::uuid::text AND rating >= :m)));

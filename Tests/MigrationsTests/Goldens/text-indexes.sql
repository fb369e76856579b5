-- text indexes

CREATE TABLE "Blog" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Person" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Post" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "content" text COLLATE "C",
  "rating" integer NOT NULL,
  "status" text COLLATE "C" NOT NULL CONSTRAINT "Post_status_check" CHECK (("status" = ANY(ARRAY['DRAFT', 'PUBLISHED', 'ARCHIVED']))),
  "blogId" text COLLATE "C" NOT NULL,
  "authorId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Post_blogId" ON "Post" ("blogId", "id");

CREATE INDEX "Post_authorId" ON "Post" ("authorId", "id");

CREATE INDEX "Post_title_insensitive" ON "Post" ((lower(("title" COLLATE "und-x-icu"))) text_pattern_ops);

CREATE EXTENSION IF NOT EXISTS "pg_trgm";

CREATE INDEX "Post_title_trigram" ON "Post" USING gin ((lower(("title" COLLATE "und-x-icu"))) gin_trgm_ops);

CREATE INDEX "Post_content_search" ON "Post" USING gin ((to_tsvector('simple', "content")));

CREATE TABLE "Comment" (
  "id" text COLLATE "C" NOT NULL,
  "content" text COLLATE "C" NOT NULL,
  "postId" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Comment_postId" ON "Comment" ("postId", "id");

CREATE INDEX "Comment_content_trigram" ON "Comment" USING gin ((lower(("content" COLLATE "und-x-icu"))) gin_trgm_ops);

CREATE TABLE "Tag" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "PostTag" (
  "id" text COLLATE "C" NOT NULL,
  "postId" text COLLATE "C" NOT NULL,
  "tagId" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "PostTag_postId" ON "PostTag" ("postId", "id");

CREATE INDEX "PostTag_tagId" ON "PostTag" ("tagId", "id");

ALTER TABLE "Post" ADD CONSTRAINT "Post_blogId_fkey" FOREIGN KEY ("blogId") REFERENCES "Blog" ("id") ON DELETE RESTRICT;

ALTER TABLE "Post" ADD CONSTRAINT "Post_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "Person" ("id") ON DELETE SET NULL;

ALTER TABLE "Comment" ADD CONSTRAINT "Comment_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE RESTRICT;

ALTER TABLE "PostTag" ADD CONSTRAINT "PostTag_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE RESTRICT;

ALTER TABLE "PostTag" ADD CONSTRAINT "PostTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag" ("id") ON DELETE RESTRICT;

-- dynamodb-import

CREATE TABLE "Blog" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Post" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "rating" integer,
  "score" double precision,
  "done" boolean,
  "status" text COLLATE "C" CONSTRAINT "Post_status_check" CHECK (("status" = ANY(ARRAY['DRAFT', 'PUBLISHED']))),
  "tags" text[] COLLATE "C",
  "published" timestamptz,
  "day" date,
  "meta" jsonb,
  "address" jsonb,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "blogPostsId" text COLLATE "C",
  PRIMARY KEY ("id")
);

CREATE INDEX "Post_blogPostsId" ON "Post" ("blogPostsId", "id");

ALTER TABLE "Post" ADD CONSTRAINT "Post_blogPostsId_fkey" FOREIGN KEY ("blogPostsId") REFERENCES "Blog" ("id") ON DELETE SET NULL;

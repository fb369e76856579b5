-- post-tags

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

CREATE TABLE "Post" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C",
  "content" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Tag" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

ALTER TABLE "PostTag" ADD CONSTRAINT "PostTag_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE RESTRICT;

ALTER TABLE "PostTag" ADD CONSTRAINT "PostTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag" ("id") ON DELETE RESTRICT;

-- author-editor

CREATE TABLE "Post" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "content" text COLLATE "C" NOT NULL,
  "authorId" text COLLATE "C" NOT NULL,
  "editorId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Post_editorId" ON "Post" ("editorId", "id");

CREATE INDEX "Post_authorId" ON "Post" ("authorId", "id");

CREATE TABLE "Person" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

ALTER TABLE "Post" ADD CONSTRAINT "Post_editorId_fkey" FOREIGN KEY ("editorId") REFERENCES "Person" ("id") ON DELETE SET NULL;

ALTER TABLE "Post" ADD CONSTRAINT "Post_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "Person" ("id") ON DELETE RESTRICT;

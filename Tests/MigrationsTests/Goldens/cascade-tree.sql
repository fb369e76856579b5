-- cascade-tree

CREATE TABLE "Comment" (
  "id" text COLLATE "C" NOT NULL,
  "text" text COLLATE "C" NOT NULL,
  "parentId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Comment_parentId" ON "Comment" ("parentId", "id");

ALTER TABLE "Comment" ADD CONSTRAINT "Comment_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Comment" ("id") ON DELETE CASCADE;

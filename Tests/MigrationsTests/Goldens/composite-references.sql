-- composite-references

CREATE TABLE "Post" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "content" text COLLATE "C" NOT NULL,
  "authorName" text COLLATE "C",
  "authorDoB" date,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Post_authorName_authorDoB" ON "Post" ("authorName", "authorDoB", "id");

CREATE TABLE "Person" (
  "name" text COLLATE "C" NOT NULL,
  "dateOfBirth" date NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("name", "dateOfBirth")
);

ALTER TABLE "Post" ADD CONSTRAINT "Post_authorName_authorDoB_fkey" FOREIGN KEY ("authorName", "authorDoB") REFERENCES "Person" ("name", "dateOfBirth") ON DELETE SET NULL;

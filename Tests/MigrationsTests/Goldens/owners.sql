-- owners

CREATE TABLE "Note" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "owner" text COLLATE "C",
  PRIMARY KEY ("id")
);

CREATE INDEX "Note_owner" ON "Note" ("owner", "id");

CREATE TABLE "Remark" (
  "id" text COLLATE "C" NOT NULL,
  "body" text COLLATE "C" NOT NULL,
  "noteId" text COLLATE "C",
  "author" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Remark_byNote" ON "Remark" ("noteId", "id");

CREATE INDEX "Remark_author" ON "Remark" ("author", "id");

CREATE TABLE "Board" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "editors" text[] COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Room" (
  "id" text COLLATE "C" NOT NULL,
  "label" text COLLATE "C" NOT NULL,
  "team" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Room_team" ON "Room" ("team", "id");

CREATE TABLE "Profile" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "email" text COLLATE "C",
  "salary" integer,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "owner" text COLLATE "C",
  PRIMARY KEY ("id")
);

CREATE INDEX "Profile_owner" ON "Profile" ("owner", "id");

ALTER TABLE "Remark" ADD CONSTRAINT "Remark_noteId_fkey" FOREIGN KEY ("noteId") REFERENCES "Note" ("id") ON DELETE SET NULL;

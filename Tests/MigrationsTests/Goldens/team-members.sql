-- team-members

CREATE TABLE "Member" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "teamId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Member_teamId" ON "Member" ("teamId", "id");

CREATE TABLE "Team" (
  "id" text COLLATE "C" NOT NULL,
  "mantra" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

ALTER TABLE "Member" ADD CONSTRAINT "Member_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE SET NULL;

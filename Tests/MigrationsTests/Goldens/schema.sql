-- schema

CREATE TABLE "Team" (
  "id" text COLLATE "C" NOT NULL,
  "mantra" text COLLATE "C" NOT NULL,
  "founded" timestamptz,
  "size" integer,
  "budget" double precision,
  "active" boolean,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Member" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "role" text COLLATE "C" CONSTRAINT "Member_role_check" CHECK (("role" = ANY(ARRAY['LEAD', 'MEMBER']))),
  "teamId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "Member_teamId" ON "Member" ("teamId", "id");

ALTER TABLE "Member" ADD CONSTRAINT "Member_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE SET NULL;

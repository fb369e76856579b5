-- dynamodb-import-keys

CREATE TABLE "Person" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "mentorId" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "owner" text COLLATE "C",
  "personProfileId" text COLLATE "C",
  PRIMARY KEY ("id")
);

CREATE INDEX "Person_owner" ON "Person" ("owner", "id");

CREATE INDEX "Person_personProfileId" ON "Person" ("personProfileId", "id");

CREATE INDEX "Person_mentorId" ON "Person" ("mentorId", "id");

CREATE TABLE "profiles" (
  "id" text COLLATE "C" NOT NULL,
  "biography" text COLLATE "C",
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Reading" (
  "sensor" text COLLATE "C" NOT NULL,
  "at" timestamptz NOT NULL,
  "value" double precision,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("sensor", "at")
);

CREATE TABLE "Song" (
  "id" text COLLATE "C" NOT NULL,
  "title" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "Playlist" (
  "id" text COLLATE "C" NOT NULL,
  "name" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "SongPlaylist" (
  "id" text COLLATE "C" NOT NULL,
  "songId" text COLLATE "C" NOT NULL,
  "playlistId" text COLLATE "C" NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE INDEX "SongPlaylist_bySong" ON "SongPlaylist" ("songId", "id");

CREATE INDEX "SongPlaylist_byPlaylist" ON "SongPlaylist" ("playlistId", "id");

ALTER TABLE "Person" ADD CONSTRAINT "Person_personProfileId_fkey" FOREIGN KEY ("personProfileId") REFERENCES "profiles" ("id") ON DELETE SET NULL;

ALTER TABLE "Person" ADD CONSTRAINT "Person_mentorId_fkey" FOREIGN KEY ("mentorId") REFERENCES "Person" ("id") ON DELETE SET NULL;

ALTER TABLE "SongPlaylist" ADD CONSTRAINT "SongPlaylist_songId_fkey" FOREIGN KEY ("songId") REFERENCES "Song" ("id") ON DELETE CASCADE;

ALTER TABLE "SongPlaylist" ADD CONSTRAINT "SongPlaylist_playlistId_fkey" FOREIGN KEY ("playlistId") REFERENCES "Playlist" ("id") ON DELETE CASCADE;

-- add-relationship

CREATE INDEX "B_aId" ON "B" ("aId", "id");

ALTER TABLE "B" ADD CONSTRAINT "B_aId_fkey" FOREIGN KEY ("aId") REFERENCES "A" ("id") ON DELETE SET NULL;

-- rename-model

ALTER TABLE "A" RENAME TO "B";

ALTER TABLE "B" RENAME CONSTRAINT "A_pkey" TO "B_pkey";

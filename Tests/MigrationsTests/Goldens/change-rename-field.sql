-- rename-field

ALTER TABLE "A" RENAME COLUMN "title" TO "headline";

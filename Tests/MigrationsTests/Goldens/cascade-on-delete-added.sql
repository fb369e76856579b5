-- cascade-on-delete-added

ALTER TABLE "Thread" DROP CONSTRAINT "Thread_forumId_fkey";

ALTER TABLE "Thread" ADD CONSTRAINT "Thread_forumId_fkey" FOREIGN KEY ("forumId") REFERENCES "Forum" ("id") ON DELETE CASCADE;

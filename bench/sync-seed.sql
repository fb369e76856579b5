-- The sync benchmark's data for sync-schema.graphql (scripts/bench --sync): 100,000 tasks in one statement,
-- with every optional field set on most rows, all at version 1 and last changed on 2026-01-01 (before any sync
-- the benchmark runs, so a delta sync sees only its own changes). IDs: md5('task-<n>')::uuid.
INSERT INTO "Task"("id","title","description","priority","done","points","estimate","dueDate","remindAt","labels",
                   "projectId","assignee","metadata","createdAt","updatedAt","_version","_lastChangedAt")
SELECT md5('task-'||i)::uuid::text,
       'Task '||i,
       CASE WHEN i % 5 = 0 THEN NULL ELSE repeat('Write the next part of the plan. ', 1 + i % 4) END,
       (ARRAY['LOW','MEDIUM','HIGH','URGENT'])[1 + i % 4],
       i % 3 = 0,
       CASE WHEN i % 7 = 0 THEN NULL ELSE i % 13 END,
       CASE WHEN i % 6 = 0 THEN NULL ELSE (i % 40) / 4.0 END,
       date '2026-06-01' + (i % 180),
       CASE WHEN i % 2 = 0 THEN timestamptz '2026-06-01 09:00:00Z' + (i % 500) * interval '1 hour' END,
       CASE WHEN i % 4 = 0 THEN NULL ELSE ARRAY['label'||(i % 10), 'area'||(i % 7)] END,
       md5('project-'||(1 + i % 500))::uuid::text,
       CASE WHEN i % 3 = 0 THEN NULL ELSE 'user'||(i % 300)||'@example.com' END,
       CASE WHEN i % 2 = 0 THEN jsonb_build_object('source', 'import', 'rank', i % 100, 'flags', jsonb_build_array('a', 'b')) END,
       timestamptz '2026-01-01' + i * interval '1 second',
       timestamptz '2026-01-01' + i * interval '1 second',
       1,
       1767225600000
FROM generate_series(1,100000) i;

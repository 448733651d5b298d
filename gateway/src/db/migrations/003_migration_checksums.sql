-- 003: each applied migration's sha256, so a file changed after it ran is found (migrate.ts).
-- The rows applied before this column existed get the checksum of their file as it is when
-- the runner next runs: the runner fills in every empty checksum from the files.
alter table schema_migrations add column if not exists checksum text;

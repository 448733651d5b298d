-- 004: the replay guard's nonces survive a crash and reach a standby (DESIGN §8 "Replay guard
-- across failures", decision 0020). The guard's insert commits with synchronous_commit off
-- (guard.ts), so the table being logged costs no disk flush per request.
alter table nonces set logged;

-- Analytics retention (docs/operations.md "Retention", decision 0053): events older than
-- ANALYTICS_RETENTION_DAYS are deleted by one job (db/jobs.ts pruneAnalyticsEvents), which
-- turns on the transaction-local setting `portal.analytics_retention` before its DELETE. Any
-- other DELETE, every UPDATE and a TRUNCATE are refused; the setting ends with its transaction.
create or replace function analytics_events_append_only() returns trigger
  language plpgsql as $$
begin
  if tg_op = 'DELETE' and current_setting('portal.analytics_retention', true) = 'on' then
    return old;
  end if;
  raise exception 'analytics_events is append-only';
end
$$;

-- A TRUNCATE fires no row trigger: refused by a statement trigger of its own.
create trigger analytics_events_no_truncate
  before truncate on analytics_events
  for each statement execute function analytics_events_append_only();

-- The job picks the oldest events by time. On a large table, build this beforehand with
-- `create index concurrently analytics_events_created_at_idx on analytics_events (created_at)`:
-- a plain build holds back new events while it runs, and `if not exists` then skips it here.
create index if not exists analytics_events_created_at_idx on analytics_events (created_at);

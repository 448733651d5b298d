-- Each wrong SMS code entered on the SSO's login form: the phone, and the address it came
-- from (an IPv6 client by its /64), so the wrong-code caps count per phone and address and
-- per phone over all addresses (decision 0049). Pruned with the SMS rows (db/jobs.ts).
create table sms_failures (
  id          bigint generated always as identity primary key,
  phone       text not null,
  address     text not null,
  created_at  timestamptz not null default now()
);
create index sms_failures_phone_idx on sms_failures (phone, created_at);

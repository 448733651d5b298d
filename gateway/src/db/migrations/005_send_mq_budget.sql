-- md/sendMq's per-address budget (DESIGN §8 "Anonymous writes", decision 0022): the events
-- accepted from one client address in one minute (minutes since the epoch), counted here so
-- every gateway instance on this database shares the count. Unlogged: a crash forgets at most
-- a minute's counts, which only lets an address start its minute again.
create unlogged table send_mq_budget (
  address text not null,
  minute bigint not null,
  events integer not null,
  primary key (address, minute)
);

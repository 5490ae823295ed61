-- The operator's USD prices of the coins whose deposits are not stablecoins; 0016 may create the
-- identical table, hence `if not exists`.
create table if not exists exchange_rates (
  coin text primary key,
  usd_cents bigint not null,
  set_at timestamptz not null,
  set_by uuid
);
--> statement-breakpoint
-- A change to where depositors pay (a gateway address, a wallet key) proposed by one administrator
-- and applied only when another one approves, while the platform has more than one.
create table admin_changes (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  subject text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  requested_by uuid not null references users(id),
  requested_at timestamptz not null,
  decided_by uuid references users(id),
  decided_at timestamptz
);
--> statement-breakpoint
create index admin_changes_pending_idx on admin_changes (kind, requested_at) where status = 'pending';

import pg from 'pg';
import { migrateDatabase } from '/work/wt/speed-db/apps/server/src/db/migrate.ts';
const url = 'postgres://postgres@127.0.0.1:5432/speeddb_scratch';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query('drop database if exists speeddb_scratch with (force)');
await admin.query('create database speeddb_scratch');
await admin.end();
await migrateDatabase(url);
const c = new pg.Client({ connectionString: url });
await c.connect();
let t = Date.now();
await c.query('set session_replication_role = replica');
await c.query(`insert into users (user_name, full_name, email, password_hash, created_at)
  select 'seed' || i, 'Seeded Person ' || i, 'seed' || i || '@example.com', 'not-a-hash', now() - make_interval(secs => i)
  from generate_series(1, 1000000) as i`);
console.log('users', Date.now() - t); t = Date.now();
await c.query(`with depositors as (select array_agg(id) as ids from (select id from users limit 1000) u)
     insert into deposits (user_id, mode, amount_cents, status, created_at)
     select depositors.ids[1 + i % 1000], (array['btc','eth','usdt'])[1 + i % 3], 5000 + i % 100000,
            (array['pending','approved','rejected'])[1 + i % 3], now() - make_interval(secs => i)
     from depositors, generate_series(1, 1000000) as i`);
console.log('deposits', Date.now() - t); t = Date.now();
await c.query('set session_replication_role = default');
await c.query('vacuum analyze');
console.log('vacuum', Date.now() - t);
await c.end();

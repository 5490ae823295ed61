/**
 * `npx tsx bench/profile-ab.ts`: the authenticated profile read of several server variants, run in
 * turn, round after round, each beside a fresh measurement of the bare route, so the shared
 * machine's drift hits every variant alike. A variant is `LOG_LEVEL[:built dist directory]`, for
 * example `error:apps/server/ab-a/dist,error:apps/server/ab-b/dist` to compare two builds (copies
 * of apps/server/dist kept under apps/server, so their packages resolve and git ignores them). Prints requests per second per round as JSON.
 */

import path from 'node:path';
import autocannon from 'autocannon';
import { freshDataDir, ROOT, startServer, stopServer } from '../e2e/support/server.ts';

const SECONDS = Number(process.env.AB_SECONDS ?? 5);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const VARIANTS = (process.env.AB_VARIANTS ?? 'error,info').split(',');
const DATABASE_URL = process.env.AB_DATABASE_URL;

const requestsPerSecond = (url: string, headers: Record<string, string> = {}) =>
  new Promise<number>((resolve, reject) =>
    autocannon({ url, duration: SECONDS, connections: 16, headers }, (error, result) =>
      error ? reject(error) : resolve(Math.round(result.requests.average)),
    ),
  );

async function post(baseUrl: string, url: string, body: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { token: string; data: { _id: string } };
}

const dataDir = await freshDataDir();
const ceilingServer = await startServer({
  dataDir,
  command: [process.execPath, path.join(ROOT, 'bench/hello-server.mjs')],
});
const results: Record<string, { ceiling: number; profile: number }[]> = {};
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const variant of VARIANTS) {
      const [logLevel = 'error', dist] = variant.split(':');
      const server = await startServer({
        dataDir,
        ...(dist ? { command: [process.execPath, path.join(ROOT, dist, 'main.js')] } : {}),
        env: { LOG_LEVEL: logLevel, ...(DATABASE_URL ? { DATABASE_URL } : {}) },
      });
      try {
        const userName = `ab${Date.now().toString(36)}`;
        const password = 'Bench#Mark1';
        await post(server.baseUrl, '/api/user/signup', {
          fullName: 'Bench Mark',
          userName,
          email: `${userName}@example.com`,
          password,
          confirmPassword: password,
        });
        const login = await post(server.baseUrl, '/api/user/login', { userNameOrEmail: userName, password });
        const ceiling = await requestsPerSecond(`${ceilingServer.baseUrl}/hello`);
        const profile = await requestsPerSecond(`${server.baseUrl}/api/user/userprofile/${login.data._id}`, {
          authorization: `Bearer ${login.token}`,
        });
        results[variant] = [...(results[variant] ?? []), { ceiling, profile }];
      } finally {
        await stopServer(server);
      }
    }
  }
} finally {
  await stopServer(ceilingServer);
}
console.log(JSON.stringify(results, null, 1));

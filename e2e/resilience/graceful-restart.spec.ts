import { rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freePort,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';

/**
 * Two processes on one PostgreSQL behind a round-robin client that behaves like a load balancer
 * (a process that refuses a connection or answers 503 is taken out until its /readyz is 200, and
 * the request goes to the other one). One process gets SIGTERM while requests flow and is started
 * again: the other never fails a request, and the requests in flight on the stopping one complete.
 */

const METRICS_TOKEN = 'graceful-restart-metrics-token';
const dataDirs: string[] = [];
let steady!: RunningServer;
let restarted!: RunningServer;
let restartedEnv: Record<string, string>;
let restartedDir = '';
let restartedPort = 0;

beforeAll(async () => {
  const steadyDir = await freshDataDir();
  restartedDir = await freshDataDir();
  dataDirs.push(steadyDir, restartedDir);
  steady = await startServer({ dataDir: steadyDir });
  // The restarted process uses the steady one's embedded PostgreSQL as its external database.
  restartedEnv = { DATABASE_URL: await embeddedDatabaseUrl(steadyDir), METRICS_TOKEN };
  restartedPort = await freePort();
  restarted = await startServer({ dataDir: restartedDir, port: restartedPort, env: restartedEnv });
}, 240_000);

afterAll(async () => {
  if (restarted) await stopServer(restarted);
  if (steady) await stopServer(steady);
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

type Outcome = number | 'refused' | 'reset';

async function attempt(baseUrl: string, path: string, token: string): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'refused' : 'reset';
  }
}

/** A POST whose body is held back: the request is on the server, waiting for the rest. */
function heldLogin(baseUrl: string) {
  const body = JSON.stringify({ userNameOrEmail: E2E_ADMIN.email, password: E2E_ADMIN.password });
  const url = new URL('/api/user/login', baseUrl);
  const request = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    agent: false,
  });
  const answer = new Promise<{ status: number; token: string | undefined }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, token: (JSON.parse(text) as { token?: string }).token }),
      );
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { answer, finish: () => request.end(body.slice(half)) };
}

async function inFlightLogins(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await response.text())
    .split('\n')
    .find((candidate) =>
      candidate.startsWith('vestora_http_requests_in_flight{method="POST",route="/api/user/login"}'),
    );
  return Number(line?.split(' ')[1] ?? 0);
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('a graceful restart behind a round-robin client', () => {
  it('fails no request on the other process and completes those in flight on the stopping one', async () => {
    const login = await fetch(`${steady.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userNameOrEmail: E2E_ADMIN.email, password: E2E_ADMIN.password }),
    });
    const { token, data } = (await login.json()) as { token: string; data: { _id: string } };
    const path = `/api/user/userprofile/${data._id}`;

    const backends = [
      { name: 'steady', baseUrl: steady.baseUrl, isUp: true, outcomes: [] as Outcome[] },
      { name: 'restarted', baseUrl: restarted.baseUrl, isUp: true, outcomes: [] as Outcome[] },
    ];
    const [steadyBackend, restartedBackend] = backends;
    if (!steadyBackend || !restartedBackend) throw new Error('two backends expected');
    const clientFailures: Outcome[] = [];
    let isRunning = true;
    let turn = 0;
    const worker = async () => {
      while (isRunning) {
        turn += 1;
        const order = turn % 2 ? [steadyBackend, restartedBackend] : [restartedBackend, steadyBackend];
        const available = order.filter((candidate) => candidate.isUp);
        if (available.length === 0) {
          clientFailures.push('refused');
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        let final: Outcome = 'refused';
        for (const backend of available) {
          final = await attempt(backend.baseUrl, path, token);
          backend.outcomes.push(final);
          if (final === 200) break;
          backend.isUp = false;
        }
        if (final !== 200) clientFailures.push(final);
      }
    };
    // The balancer's health check: a process out of rotation comes back once it is ready.
    const healthCheck = async () => {
      while (isRunning) {
        for (const backend of backends.filter((candidate) => !candidate.isUp)) {
          const ready = await fetch(`${backend.baseUrl}/readyz`).catch(() => undefined);
          if (ready?.status === 200) backend.isUp = true;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const traffic = Promise.all([...Array.from({ length: 4 }, worker), healthCheck()]);
    let servedBeforeRestart = 0;
    try {
      await expect
        .poll(() => restartedBackend.outcomes.filter((outcome) => outcome === 200).length, {
          timeout: 15_000,
        })
        .toBeGreaterThan(20);

      const held = Array.from({ length: 4 }, () => heldLogin(restarted.baseUrl));
      await expect.poll(() => inFlightLogins(restarted.baseUrl), { timeout: 10_000 }).toBe(4);
      const exited = new Promise<number | null>((resolve) => restarted.process.once('exit', resolve));
      process.kill(await restarted.serverPid(), 'SIGTERM');
      await expect.poll(() => refusesConnections(restartedPort), { timeout: 10_000 }).toBe(true);
      for (const request of held) request.finish();
      const answers = await Promise.all(held.map((request) => request.answer));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(answers.every((answer) => typeof answer.token === 'string')).toBe(true);
      expect(await exited).toBe(0);
      servedBeforeRestart = steadyBackend.outcomes.length;

      restarted = await startServer({ dataDir: restartedDir, port: restartedPort, env: restartedEnv });
      await expect.poll(() => restartedBackend.isUp, { timeout: 30_000 }).toBe(true);
      const afterRestart = restartedBackend.outcomes.length;
      await expect
        .poll(
          () => restartedBackend.outcomes.slice(afterRestart).filter((outcome) => outcome === 200).length,
          { timeout: 15_000 },
        )
        .toBeGreaterThan(20);
    } finally {
      isRunning = false;
      await traffic;
    }

    expect(steadyBackend.outcomes.length).toBeGreaterThan(servedBeforeRestart);
    expect(steadyBackend.outcomes.filter((outcome) => outcome !== 200)).toEqual([]);
    expect(clientFailures).toEqual([]);
    // The stopping process only ever refused new work; it never answered with an error of its own.
    expect(
      restartedBackend.outcomes.filter(
        (outcome) => outcome !== 200 && outcome !== 503 && outcome !== 'refused' && outcome !== 'reset',
      ),
    ).toEqual([]);
  });
});

// `npm start`: builds the web app and the server when their sources changed, then runs the server.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [
  'apps/server/src',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'packages/shared/src',
];
const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];

function newestChange(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(full).map((name) => newestChange(path.join(target, name))));
}

const builtAt = Math.min(...outputs.map((output) => newestChange(output) || 0));
if (builtAt === 0 || sources.some((source) => newestChange(source) > builtAt)) {
  console.log('Building Vestora…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'apps/server/dist/main.js'));

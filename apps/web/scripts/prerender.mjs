// Runs after `vite build`: renders the pages src/prerender.tsx lists with react-dom on Node, each into
// a copy of the built index.html, as dist/pages/<name>.html ('/' is index.html). The server sends
// them for their paths; every other path keeps the bare index.html. The server-side bundle is built
// into node_modules and removed afterwards: nothing of it ships.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST_DIR = path.join(APP_DIR, 'dist');
const PAGES_DIR = path.join(DIST_DIR, 'pages');
const BUNDLE_DIR = path.join(APP_DIR, 'node_modules/.vestora-prerender');
const EMPTY_ROOT = '<div id="root"></div>';
/**
 * Left out of the prerendered pages: on a slow line a dozen script downloads at once would share it
 * with the hero image, the page's largest paint. The page reads without them; the scripts follow
 * from the entry a round trip later.
 */
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * The app's one stylesheet goes into the page itself (the policy allows inline styles): a slow
 * phone otherwise waits for it, sharing the line with the scripts, before painting anything. It is
 * about 9 KB compressed, and each prerendered page is usually the first and only one loaded.
 */
async function inlineStyles(html) {
  const sheets = [...html.matchAll(STYLESHEET)];
  if (sheets.length === 0) throw new Error('dist/index.html links no stylesheet to inline');
  for (const [link, file] of sheets) {
    const css = await readFile(path.join(DIST_DIR, file), 'utf8');
    html = html.replace(link, () => `<style>${css}</style>`);
  }
  return html;
}

try {
  await build({
    root: APP_DIR,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: BUNDLE_DIR, emptyOutDir: true },
  });
  const { PRERENDERED_PATHS, renderPage } = await import(
    pathToFileURL(path.join(BUNDLE_DIR, 'prerender.js')).href
  );
  const shell = await inlineStyles(await readFile(path.join(DIST_DIR, 'index.html'), 'utf8'));
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT} to fill`);
  await mkdir(PAGES_DIR, { recursive: true });
  for (const pagePath of PRERENDERED_PATHS) {
    const html = shell
      .replace(MODULE_PRELOADS, '')
      .replace(EMPTY_ROOT, `<div id="root">${await renderPage(pagePath)}</div>`);
    const name = pagePath === '/' ? 'index' : pagePath.slice(1);
    await writeFile(path.join(PAGES_DIR, `${name}.html`), html);
  }
  console.log(`prerendered ${PRERENDERED_PATHS.join(', ')} into dist/pages`);
} finally {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
}

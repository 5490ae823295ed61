// Runs after `vite build`: leaves a Brotli (.br) and a gzip (.gz) copy beside every text file in
// dist, which the server sends to a browser that accepts one. Compressing once at build time lets
// it use the slowest, smallest settings; a copy that would not be smaller is not written.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

const entries = await readdir(DIST_DIR, { recursive: true, withFileTypes: true });
const files = entries
  .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));

let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const content = await readFile(file);
    const [brotli, gzipped] = await Promise.all([
      toBrotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      toGzip(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (brotli.length < content.length) await writeFile(`${file}.br`, brotli);
    if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
    before += content.length;
    after += Math.min(brotli.length, content.length);
  }),
);
console.log(
  `compressed ${files.length} files in dist: ${Math.round(before / 1024)} KiB, ${Math.round(after / 1024)} KiB as Brotli`,
);

// Draws the landing page's three built-in hero images (abstract art, no claims, no people) and
// encodes them as WebP in the system Chromium, so no image tool or stock photo is needed.
// Run from the repository root: node apps/web/scripts/generate-slides.mjs
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const WIDTH = 1600;
const HEIGHT = 800;
const QUALITY = 0.74;
const OUTPUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/slides');

/** The art sits on the right; the left stays calm and dark for the headline laid over it. */
const backdrop = (from, to) => `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.72" cy="0.45" r="0.55">
      <stop offset="0" stop-color="#2dd4bf" stop-opacity="0.35"/><stop offset="1" stop-color="#2dd4bf" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="line" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#5eead4" stop-opacity="0"/><stop offset="0.4" stop-color="#5eead4"/><stop offset="1" stop-color="#ccfbf1"/>
    </linearGradient>
    <linearGradient id="area" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#14b8a6" stop-opacity="0.35"/><stop offset="1" stop-color="#14b8a6" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>`;

function gridLines(step, opacity) {
  let lines = '';
  for (let x = step; x < WIDTH; x += step) lines += `<line x1="${x}" y1="0" x2="${x}" y2="${HEIGHT}"/>`;
  for (let y = step; y < HEIGHT; y += step) lines += `<line x1="0" y1="${y}" x2="${WIDTH}" y2="${y}"/>`;
  return `<g stroke="#99f6e4" stroke-opacity="${opacity}" stroke-width="1">${lines}</g>`;
}

/** A calm upward path with small pull-backs: growth over time, not a promise of a number. */
function ledgerSlide() {
  const points = [];
  let y = 700;
  for (let x = 0; x <= WIDTH; x += 40) {
    y -= 6 + 12 * Math.sin(x / 53) + 6 * Math.cos(x / 17);
    points.push(`${x},${Math.round(y)}`);
  }
  const path = `M${points.join(' L')}`;
  const bars = Array.from({ length: 18 }, (_, index) => {
    const x = 700 + index * 48;
    const height = 40 + ((index * 37) % 90) + index * 6;
    return `<rect x="${x}" y="${HEIGHT - height}" width="22" height="${height}" rx="4" fill="#5eead4" fill-opacity="0.14"/>`;
  }).join('');
  return `${backdrop('#042f2e', '#0f172a')}${gridLines(80, 0.06)}${bars}
    <path d="${path} L${WIDTH},${HEIGHT} L0,${HEIGHT} Z" fill="url(#area)"/>
    <path d="${path}" fill="none" stroke="url(#line)" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>
    ${points
      .filter((_, index) => index % 6 === 5)
      .map((point) => {
        const [cx, cy] = point.split(',');
        return `<circle cx="${cx}" cy="${cy}" r="9" fill="#0f172a" stroke="#ccfbf1" stroke-width="4"/>`;
      })
      .join('')}`;
}

/** Linked blocks: the ledger as a chain of records. */
function networkSlide() {
  const nodes = [];
  for (let row = 0; row < 6; row += 1) {
    for (let column = 0; column < 7; column += 1) {
      const x = 760 + column * 130 + (row % 2) * 65;
      const y = 90 + row * 125 + 18 * Math.sin(column * 1.7 + row);
      nodes.push({ x, y, size: 14 + ((row * 7 + column * 3) % 5) * 7 });
    }
  }
  const links = nodes
    .flatMap((node, index) => {
      const right = nodes[index + 1];
      const below = nodes[index + 7];
      return [right && index % 7 !== 6 ? [node, right] : null, below ? [node, below] : null];
    })
    .filter(Boolean)
    .map(([a, b]) => `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}"/>`)
    .join('');
  const blocks = nodes
    .map(
      ({ x, y, size }, index) =>
        `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="${size / 4}"
          fill="${index % 5 === 0 ? '#5eead4' : '#134e4a'}" stroke="#5eead4" stroke-opacity="0.7" stroke-width="2"
          transform="rotate(45 ${x} ${y})"/>`,
    )
    .join('');
  return `${backdrop('#0f172a', '#134e4a')}
    <g stroke="#5eead4" stroke-opacity="0.28" stroke-width="2">${links}</g>${blocks}
    <circle cx="1180" cy="400" r="250" fill="none" stroke="#99f6e4" stroke-opacity="0.12" stroke-width="2"/>
    <circle cx="1180" cy="400" r="340" fill="none" stroke="#99f6e4" stroke-opacity="0.08" stroke-width="2"/>`;
}

/** Layered horizons with a rising sun: the long view. */
function horizonSlide() {
  const ridge = (base, amplitude, wavelength, phase) => {
    let d = `M0,${HEIGHT}`;
    for (let x = 0; x <= WIDTH; x += 20) {
      const y = base - amplitude * Math.sin(x / wavelength + phase) - (x / WIDTH) * 120;
      d += ` L${x},${Math.round(y)}`;
    }
    return `${d} L${WIDTH},${HEIGHT} Z`;
  };
  return `${backdrop('#0b3b3a', '#020617')}
    <circle cx="1190" cy="330" r="150" fill="#fde68a" fill-opacity="0.85"/>
    <circle cx="1190" cy="330" r="230" fill="#fde68a" fill-opacity="0.08"/>
    <path d="${ridge(560, 40, 180, 0.5)}" fill="#115e59" fill-opacity="0.85"/>
    <path d="${ridge(640, 35, 140, 2.1)}" fill="#0f766e" fill-opacity="0.75"/>
    <path d="${ridge(720, 28, 110, 4)}" fill="#042f2e"/>
    ${gridLines(100, 0.035)}`;
}

const SLIDES = { 'slide-1': ledgerSlide(), 'slide-2': networkSlide(), 'slide-3': horizonSlide() };

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const [name, art] of Object.entries(SLIDES)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${art}</svg>`;
    const dataUrl = await page.evaluate(
      async ({ markup, width, height, quality }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d')?.drawImage(image, 0, 0);
        return canvas.toDataURL('image/webp', quality);
      },
      { markup: svg, width: WIDTH, height: HEIGHT, quality: QUALITY },
    );
    const bytes = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
    await writeFile(path.join(OUTPUT_DIR, `${name}.webp`), bytes);
    console.log(`${name}.webp: ${Math.round(bytes.length / 1024)} KB`);
  }
} finally {
  await browser.close();
}

#!/usr/bin/env node
// Draws the extension's marketplace icon, images/icon.png (128x128 RGBA), with no image library:
// the shapes are tested per sample (4x4 samples per pixel for smooth edges) and the pixels are
// written as a PNG with node:zlib. Deterministic: running it again draws the same pixels.
//
// Usage: node scripts/gen-icon.mjs [--check]   (--check fails when images/icon.png differs)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync, inflateSync } from 'node:zlib';

const SIZE = 128;
const SS = 4; // samples per pixel along each axis
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'images', 'icon.png');

// ---------------------------------------------------------------------------------------------
// Shapes: each returns whether point (x, y), in pixel units, is inside.

const roundedRect = (x0, y0, x1, y1, r) => (x, y) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
/** A thick polyline segment (capsule) from (ax, ay) to (bx, by). */
const segment = (ax, ay, bx, by, w) => (x, y) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= (w / 2) ** 2;
};
/** The page: a rectangle with its top-right corner cut off along the fold. */
const page = (x0, y0, x1, y1, fold) => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1 && x - x1 + fold <= y - y0;
const foldFlap = (x1, y0, fold) => (x, y) => x >= x1 - fold && y <= y0 + fold && x - (x1 - fold) <= y - y0;

// ---------------------------------------------------------------------------------------------
// Layers, bottom to top: [shape, colour(x, y) -> [r, g, b, a]].

const lerp = (a, b, t) => a + (b - a) * t;
const mix = (c1, c2, t) => c1.map((v, i) => lerp(v, c2[i], t));
const solid = (c) => () => c;
const background = (x, y) => mix([37, 99, 235, 255], [13, 148, 136, 255], (x + y) / (2 * SIZE)); // blue -> teal

const P = { x0: 30, y0: 18, x1: 92, y1: 108, fold: 18 };
const layers = [
  [roundedRect(4, 4, 124, 124, 26), background],
  [page(P.x0, P.y0, P.x1, P.y1, P.fold), solid([255, 255, 255, 255])],
  [foldFlap(P.x1, P.y0, P.fold), solid([191, 219, 254, 255])],
  // Text lines on the page.
  ...[40, 53, 66].map((y, i) => [roundedRect(40, y, i === 0 ? 70 : 82, y + 6, 3), solid([148, 163, 184, 255])]),
  [roundedRect(40, 79, 64, 85, 3), solid([148, 163, 184, 255])],
  // The check badge.
  [circle(90, 94, 24), solid([255, 255, 255, 255])],
  [circle(90, 94, 20), solid([22, 163, 74, 255])],
  [segment(79, 94, 87, 102, 7), solid([255, 255, 255, 255])],
  [segment(87, 102, 101, 86, 7), solid([255, 255, 255, 255])],
];

function render() {
  const px = Buffer.alloc(SIZE * SIZE * 4);
  for (let py = 0; py < SIZE; py++) {
    for (let pxl = 0; pxl < SIZE; pxl++) {
      const acc = [0, 0, 0, 0]; // premultiplied sum over samples
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = pxl + (sx + 0.5) / SS;
          const y = py + (sy + 0.5) / SS;
          let c = [0, 0, 0, 0];
          for (const [inside, colour] of layers) {
            if (!inside(x, y)) continue;
            const [r, g, b, a] = colour(x, y);
            const al = a / 255;
            c = [lerp(c[0], r, al), lerp(c[1], g, al), lerp(c[2], b, al), c[3] + (255 - c[3]) * al];
          }
          const w = c[3] / 255;
          acc[0] += c[0] * w;
          acc[1] += c[1] * w;
          acc[2] += c[2] * w;
          acc[3] += c[3];
        }
      }
      const n = SS * SS;
      const a = acc[3] / n;
      const o = (py * SIZE + pxl) * 4;
      const un = a > 0 ? 255 / a : 0;
      px[o] = Math.round(Math.min(255, (acc[0] / n) * un));
      px[o + 1] = Math.round(Math.min(255, (acc[1] / n) * un));
      px[o + 2] = Math.round(Math.min(255, (acc[2] / n) * un));
      px[o + 3] = Math.round(a);
    }
  }
  return px;
}

// ---------------------------------------------------------------------------------------------
// PNG encoding (8-bit RGBA, no interlace, filter 0 on every row).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** The scanlines as stored in the PNG: each row of RGBA bytes after a filter byte (0, none). */
function scanlines(width, height, rgba) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return raw;
}
function encodePng(width, height, raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(6, 9); // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The scanlines of a PNG this script wrote (its IDAT chunks, inflated). */
function decodeOwnPng(buf) {
  const idat = [];
  for (let at = 8; at + 8 <= buf.length;) {
    const len = buf.readUInt32BE(at);
    if (buf.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(buf.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  return inflateSync(Buffer.concat(idat));
}

const raw = scanlines(SIZE, SIZE, render());
const png = encodePng(SIZE, SIZE, raw);
if (process.argv.includes('--check')) {
  // Pixels, not bytes: another zlib may compress the same pixels differently.
  if (!existsSync(out) || !decodeOwnPng(readFileSync(out)).equals(raw)) {
    console.error('images/icon.png is out of date: run node scripts/gen-icon.mjs');
    process.exit(1);
  }
  console.log('images/icon.png is up to date.');
} else {
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, png);
  console.log(`Wrote images/icon.png (${SIZE}x${SIZE}, ${png.length} bytes).`);
}

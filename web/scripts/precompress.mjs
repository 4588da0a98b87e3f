// Writes .br and .gz next to every text asset of the build, once, at maximum compression, so
// the BFF serves them without compressing on each request (cheap phones on slow networks).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name)) {
      const data = readFileSync(file);
      if (data.length < 1024) continue;
      const br = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      before += data.length;
      after += br.length;
    }
  }
}

walk(root);
console.log(`precompress: ${(before / 1024).toFixed(0)} KiB of text → ${(after / 1024).toFixed(0)} KiB brotli`);

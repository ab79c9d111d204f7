// Writes .gz and .br next to every text asset of the built web app so the server can send them as-is.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/precompress.mjs <dir>');
  process.exit(1);
}
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name)) {
      const data = readFileSync(file);
      if (data.length < 512) continue;
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        }),
      );
    }
  }
}
walk(root);

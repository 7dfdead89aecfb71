// Builds web/dist from web/src: app.js (the page, minified, with the SDK), app.css and
// index.html. The output depends only on the sources and the locked packages (no time, no
// paths), so CI can rebuild it and compare with the committed files.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';

const common = { bundle: true, minify: true, legalComments: 'none', logLevel: 'warning', charset: 'utf8' };

await mkdir('dist', { recursive: true });
await build({
  ...common,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/app.js',
  format: 'iife',
  target: ['es2020', 'chrome100', 'safari15'],
});
await build({ ...common, entryPoints: ['src/app.css'], outfile: 'dist/app.css' });
await copyFile('src/index.html', 'dist/index.html');

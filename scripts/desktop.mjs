#!/usr/bin/env node
// `npm run desktop [-- <cockpit flags>]`: the desktop cockpit in Electron. npm installs Electron's package
// without its binary (package.json "allowScripts": electron's download script does not run on install), so
// the first run downloads the binary with electron's own installer (node_modules/electron/install.js: from
// GitHub, or ELECTRON_MIRROR), then starts `cockpit` with the flags given, which opens the window.
// Machines that cannot reach GitHub (these build machines) get one line saying so and pointing at --serve.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`Usage: npm run desktop [-- <cockpit flags>] [node URLs...]

The desktop cockpit in Electron: builds what is missing (dist/, the desktop renderer), downloads Electron's
binary the first time (node_modules/electron/install.js, from GitHub or ELECTRON_MIRROR), then runs \`cockpit\`
with the flags given, which opens the window. The flags are cockpit's (\`npx cockpit --help\`). Where Electron
cannot be downloaded, \`npx cockpit --serve\` shows the same window in a browser.
`);
  process.exit(0);
}
const electron = join(root, 'node_modules', 'electron');
const installed = () => existsSync(join(electron, 'path.txt')) && existsSync(join(electron, 'dist', readFileSync(join(electron, 'path.txt'), 'utf8')));

if (!installed() && !process.env.ELECTRON_OVERRIDE_DIST_PATH) {
  console.error('desktop: downloading the Electron binary once (node_modules/electron/install.js)…');
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  const install = spawnSync(process.execPath, [join(electron, 'install.js')], { stdio: ['ignore', 'ignore', 'pipe'], env, encoding: 'utf8' });
  if (install.status !== 0 || !installed()) {
    const why = (install.stderr ?? '').split('\n').find((line) => /Error/.test(line))?.trim() ?? `exit code ${install.status}`;
    console.error(`desktop: Electron could not be downloaded here (${why}); run the same window in a browser instead: npx cockpit --serve`);
    process.exit(2);
  }
}
const run = spawnSync(process.execPath, [join(root, 'dist', 'surfaces', 'cli', 'cockpit-bin.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);

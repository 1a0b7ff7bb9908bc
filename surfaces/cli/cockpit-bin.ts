#!/usr/bin/env node
/** Entry point of `cockpit` (the desktop front end): the only place that sets the process exit code. */
import { DESKTOP_FRONT_END } from './cockpit/once.js';
import { exitQuietlyOnBrokenPipe, runFrontEnd, settle } from './cockpit/front-end-main.js';
import { packageVersion } from './package-version.js';

exitQuietlyOnBrokenPipe();

settle(
  runFrontEnd(process.argv.slice(2), DESKTOP_FRONT_END, packageVersion(), { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env, stderrIsTty: process.stderr.isTTY === true }, async () => {
    process.stderr.write('cockpit: the desktop window is not built yet; run a verb with --once <verb>\n(run cockpit --help for usage)\n');
    return DESKTOP_FRONT_END.exit.usage;
  }),
  DESKTOP_FRONT_END,
);

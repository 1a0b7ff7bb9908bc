/** Every `--once` verb the cockpit knows. A new verb is a new once-<verb>.ts file plus one line here. */
import type { OnceVerb } from './once.js';
import { createHashVerb } from './once-hash.js';
import { createReadinessVerb } from './once-readiness.js';
import { createVersionCheckVerb } from './once-version-check.js';

export function onceVerbs(): OnceVerb[] {
  return [createHashVerb(), createReadinessVerb(), createVersionCheckVerb()];
}

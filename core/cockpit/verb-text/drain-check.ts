/** `drain-check`: whether stopping the node now is safe, and when next it will be (core/cockpit/drain.ts). */
import type { OnceData } from '../../../config-schema/once-results.js';
import { drainCheckHeadline } from '../drain.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'drain-check'>> = (_status, data) => ({ message: drainCheckHeadline(data) });

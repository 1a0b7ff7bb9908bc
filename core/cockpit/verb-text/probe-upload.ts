/** `probe-upload`: the headline, a row per vantage and the clean-up (core/cockpit/probe-upload.ts words the report). */
import type { OnceData } from '../../../config-schema/once-results.js';
import { probeHeadline, probeText, type ProbeReport } from '../probe-upload.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'probe-upload'>> = (_status, data) => {
  const report = data as unknown as ProbeReport;
  return { message: probeHeadline(report), text: probeText(report) };
};

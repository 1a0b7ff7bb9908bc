/**
 * Reads a report JSON file dropped on the web app and validates it against the report schema, so an invalid
 * file gets a clear message instead of a blank page.
 */
import { fromPromise } from 'xstate';
import { retcheckReportSchema, type RetcheckReport } from '../../config-schema/retcheck-report.js';

/** Reports are small; anything this large is not one (and would freeze the tab to parse). */
export const MAX_REPORT_FILE_BYTES = 50 * 1024 * 1024;

export async function parseReportText(text: string, name: string): Promise<RetcheckReport> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name} is not JSON (${error instanceof Error ? error.message : 'parse error'}); drop a report saved with retcheck --output json`);
  }
  const result = retcheckReportSchema.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(top level)'}: ${i.message}`);
    throw new Error(`${name} is not a retcheck report (spec_version 1): ${issues.join('; ')}`);
  }
  return result.data;
}

export const readReportFile = fromPromise<RetcheckReport, { file: Blob }>(async ({ input }) => {
  const name = 'name' in input.file && typeof input.file.name === 'string' ? input.file.name : 'the dropped file';
  if (input.file.size > MAX_REPORT_FILE_BYTES) throw new Error(`${name} is ${input.file.size} bytes, larger than any report; not loaded`);
  return parseReportText(await input.file.text(), name);
});

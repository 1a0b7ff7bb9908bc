/** `radius-doctor`: the headline, then the facts read and each finding with its advice (core/cockpit/radius-doctor-text.ts). */
import type { OnceData } from '../../../config-schema/once-results.js';
import type { RadiusDiagnosis } from '../radius-doctor.js';
import { radiusDoctorText } from '../radius-doctor-text.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'radius-doctor'>> = (_status, data) => {
  const diagnosis = data as unknown as RadiusDiagnosis;
  return { message: `radius-doctor: ${diagnosis.headline}`, text: radiusDoctorText(diagnosis, data.node) };
};

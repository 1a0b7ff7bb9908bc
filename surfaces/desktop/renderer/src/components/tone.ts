/** The CSS class of a Tone (styles.css maps it per scheme; mono draws warn/fail bold, never by colour alone). */
import type { Tone } from '../../../../../core/cockpit/view/view-model.js';

export function toneClass(tone: Tone | undefined | null): string {
  return tone ? `tone-${tone}` : '';
}

export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

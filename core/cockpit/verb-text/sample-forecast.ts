/** `sample-forecast`: the headline, then the budget, each estimate with its margin, and the warnings (core/cockpit/sample-forecast.ts). */
import type { OnceData } from '../../../config-schema/once-results.js';
import { forecastText, type SampleForecast } from '../sample-forecast.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'sample-forecast'>> = (_status, data) => {
  const forecast = data as unknown as SampleForecast;
  return { message: `sample-forecast: ${forecast.headline}`, text: forecastText(forecast, data.node) };
};

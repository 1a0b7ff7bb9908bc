/** The browser's wiring: the shared machines bound to fetch actors and to the address bar. */
import { provideRetcheck } from '../../../actors/retcheck/retcheck-actors.js';
import { createFetchRetcheckApi } from '../../../actors/retcheck/fetch-retcheck-api.js';
import { provideReseed } from '../../../actors/retcheck/retcheck-actors.js';
import { readReportFile } from '../../../actors/retcheck/read-report-file.js';
import { webSessionMachine } from '../../../machines/web/web-session.machine.js';

const api = createFetchRetcheckApi();

export const browserSessionMachine = webSessionMachine.provide({
  actors: { retcheck: provideRetcheck(api), readReportFile, reseedFlow: provideReseed(api) },
  actions: {
    updateAddressBar: (_, params) => {
      const url = `${window.location.pathname}${params.query ? `?${params.query}` : ''}`;
      window.history.replaceState(null, '', url);
    },
  },
});

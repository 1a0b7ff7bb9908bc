/** `config-doctor`: a line per setting (config, data, each node, store, alerts), warnings, problems, a summary. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatConfigProblem, type ConfigProblem } from '../config/config-problem.js';
import { showControlCharacters } from '../../terminal/visible-text.js';
import { plural, type VerbTextOf } from './verb-text.js';

type Doctor = OnceData<'config-doctor'>;

export const verbText: VerbTextOf<Doctor> = (_status, data) => {
  const problems = data.problems.map((p) => `problem  ${formatConfigProblem(p as ConfigProblem)}`);
  const counted = (n: number, word: string) => `${n} ${plural(n, word)}`;
  if (data.nodes === undefined) {
    // The configuration would be refused: only where it was looked for, and why.
    const message = `config-doctor: the configuration would be refused: ${counted(data.problems.length, 'problem')}`;
    return { message, text: safe([`config   ${data.configFile.path} (${data.configFile.from})`, ...problems, message]) };
  }
  const { configFile, dataDir, nodes, store, supervisor, alerts, fleet } = data;
  const lines = [
    `config   ${configFile.path} (${configFile.from}; ${configFile.loaded ? 'loaded' : 'no file: defaults'})`,
    `data     ${dataDir!.path} (${dataDir!.from})`,
    ...nodes.map((n) => `node ${n.active ? '*' : ' '}  ${n.name === n.url ? n.url : `${n.name}  ${n.url}`}  token: ${n.token}  log: ${n.logSource.note}`),
    store
      ? `store    ${store.bin} start --config ${store.config} (from ${store.origin}; binary ${store.binStatus}, restart budget ${supervisor!.maxRestartsPerHour}/h, auto-restart ${supervisor!.autoRestart ? 'on' : 'off'})`
      : 'store    no supervision',
    `alerts   webhook ${alerts!.webhook}, debounce ${alerts!.debounceSecs} s; fleet webhook ${fleet!.aggregateWebhook}, window ${fleet!.aggregateWindowSecs} s`,
    ...data.warnings.map((w) => `warning  ${w}`),
    ...problems,
  ];
  const summary = `config-doctor: ${counted(nodes.length, 'node')}, active "${data.activeNode}"; ${counted(data.problems.length, 'problem')}, ${counted(data.warnings.length, 'warning')}`;
  return { message: summary, text: safe([...lines, summary]) };
};

function safe(lines: string[]): string {
  return lines.map(showControlCharacters).join('\n');
}

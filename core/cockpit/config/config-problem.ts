/**
 * What is wrong with a cockpit configuration, said so the operator can go straight to it:
 * `/home/op/.config/cockpit/config.toml:7:1: unknown key "urll" in [[nodes]]; did you mean "url"?`.
 * Problems from the command line or the environment carry no file; they name the flag or variable instead.
 */
export interface ConfigProblem {
  /** The config file, when the problem is in it. */
  file?: string;
  line?: number;
  column?: number;
  /** Dotted path of the offending key, e.g. `nodes[1].url` (absent for syntax and file errors). */
  key?: string;
  message: string;
  /** `usage`: a command-line flag or argument is wrong (exit 64); `config`: the file or the environment is. */
  kind: 'config' | 'usage';
}

export function formatConfigProblem(problem: ConfigProblem): string {
  if (problem.file === undefined) return problem.message;
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}:${problem.column ?? 1}`;
  return `${where}: ${problem.message}`;
}

/** Thrown by resolveCockpitConfig: every problem found, the first one in the message. */
export class CockpitConfigError extends Error {
  override readonly name = 'CockpitConfigError';
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(problems.length === 0 ? 'invalid cockpit configuration' : problems.map(formatConfigProblem).join('\n'));
  }

  /** True when every problem is a command-line mistake (the bins exit with their usage code). */
  get isUsage(): boolean {
    return this.problems.length > 0 && this.problems.every((p) => p.kind === 'usage');
  }
}

/** `nodes[1].url` from `["nodes", 1, "url"]`. */
export function dottedKey(path: readonly (string | number | symbol)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** Levenshtein distance, for "did you mean" on unknown keys. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known key closest to `key`, when it is close enough to be a plausible typo. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  const wanted = key.toLowerCase();
  const byDistance = (candidates: readonly string[]) =>
    candidates.map((candidate) => ({ candidate, distance: editDistance(wanted, candidate.toLowerCase()) })).sort((a, b) => a.distance - b.distance)[0];
  // A key that is part of a known one, or the reverse (`webhook`, `max_restarts`), is a shortened or lengthened name.
  const overlapping = known.filter((candidate) => candidate.toLowerCase().includes(wanted) || wanted.includes(candidate.toLowerCase()));
  if (wanted.length >= 3 && overlapping.length) return byDistance(overlapping)!.candidate;
  const best = byDistance(known);
  return best && best.distance <= Math.max(2, Math.floor(key.length / 3)) ? best.candidate : undefined;
}

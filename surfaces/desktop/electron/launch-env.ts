/**
 * How `cockpit` hands its launch flags to the Electron process it starts: one JSON value in the environment
 * variable COCKPIT_DESKTOP_LAUNCH (not as arguments: Chromium reads switches from the command line), read
 * back field by field so nothing but the known string flags passes.
 */
import type { CockpitLaunchArgs } from '../../../core/cockpit/config/resolved-config.js';
import { parseInspectFlag, type InspectTarget } from '../../../core/inspection/inspect-flag.js';

export const LAUNCH_ENV = 'COCKPIT_DESKTOP_LAUNCH';

export interface DesktopHandoff {
  readonly launch: CockpitLaunchArgs;
  readonly version: string;
  /** `--inspect`: the Electron process runs the engine, so it starts the inspection. */
  readonly inspect?: InspectTarget;
}

const STRING_FLAGS = ['config', 'node', 'token', 'theme', 'nodeLog', 'nodeLogCmd', 'nodeBin', 'nodeConfig'] as const;

export function encodeDesktopLaunch(handoff: DesktopHandoff): string {
  return JSON.stringify(handoff);
}

export function parseDesktopLaunch(text: string | undefined): DesktopHandoff {
  let raw: { launch?: Record<string, unknown>; version?: unknown; inspect?: { kind?: unknown; url?: unknown } } = {};
  try {
    raw = text ? (JSON.parse(text) as typeof raw) : {};
  } catch {
    raw = {};
  }
  const given = raw.launch ?? {};
  const launch: CockpitLaunchArgs = { urls: Array.isArray(given.urls) ? given.urls.filter((url): url is string => typeof url === 'string') : [] };
  for (const key of STRING_FLAGS) {
    const value = given[key];
    if (typeof value === 'string') launch[key] = value;
  }
  const inspect = inspectTarget(raw.inspect);
  return { launch, version: typeof raw.version === 'string' ? raw.version : '0.0.0', ...(inspect ? { inspect } : {}) };
}

/** The inspect target as the bin checked it, checked once more (a bridge, or a ws:// URL), else none. */
function inspectTarget(raw: { kind?: unknown; url?: unknown } | undefined): InspectTarget | undefined {
  if (raw?.kind === 'bridge') return { kind: 'bridge' };
  if (raw?.kind !== 'url' || typeof raw.url !== 'string') return undefined;
  try {
    const { target } = parseInspectFlag(raw.url);
    return target.kind === 'url' ? target : undefined;
  } catch {
    return undefined;
  }
}

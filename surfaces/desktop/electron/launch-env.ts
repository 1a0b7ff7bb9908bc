/**
 * How `cockpit` hands its launch flags to the Electron process it starts: one JSON value in the environment
 * variable COCKPIT_DESKTOP_LAUNCH (not as arguments: Chromium reads switches from the command line), read
 * back field by field so nothing but the known string flags passes.
 */
import type { CockpitLaunchArgs } from '../../../core/cockpit/config/resolved-config.js';

export const LAUNCH_ENV = 'COCKPIT_DESKTOP_LAUNCH';

export interface DesktopHandoff {
  readonly launch: CockpitLaunchArgs;
  readonly version: string;
}

const STRING_FLAGS = ['config', 'node', 'token', 'theme', 'nodeLog', 'nodeLogCmd', 'nodeBin', 'nodeConfig'] as const;

export function encodeDesktopLaunch(handoff: DesktopHandoff): string {
  return JSON.stringify(handoff);
}

export function parseDesktopLaunch(text: string | undefined): DesktopHandoff {
  let raw: { launch?: Record<string, unknown>; version?: unknown } = {};
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
  return { launch, version: typeof raw.version === 'string' ? raw.version : '0.0.0' };
}

/**
 * The cockpit's fifteen screens (2-cockpit.md §1 "Screens"): their ids, S-numbers, titles and the keys that
 * reach them on each face. Shared by the engine (navigation, palette `:go`) and every face (tabs, help).
 *
 * Decisions where the spec leaves room:
 * - Desktop: `1`..`9` jump to S1..S9; S10..S15 are reached by Tab / Shift+Tab, the palette (`:go <screen>`
 *   or a screen alias) or a click on the screen tab.
 * - Terminal: Alt+1..9 switch screens, and the spec says Alt+5 opens Fleet, so the terminal's Alt order puts
 *   Fleet fifth: Health, Stamps, Swap, Lottery, Fleet, Peers, Network, API Health, Tags. The other screens
 *   are reached as on the desktop.
 */
export const SCREEN_IDS = [
  'health',
  'stamps',
  'swap',
  'lottery',
  'warmup',
  'peers',
  'network',
  'apiHealth',
  'tags',
  'pins',
  'manifest',
  'watchlist',
  'feedTimeline',
  'pubsub',
  'fleet',
] as const;
export type ScreenId = (typeof SCREEN_IDS)[number];

export interface ScreenInfo {
  readonly id: ScreenId;
  /** 1..15, as in S1..S15. */
  readonly number: number;
  readonly title: string;
  /**
   * Palette names that open this screen: `:go <alias>` always, and `:<alias>` alone unless a palette verb has
   * that name (`:manifest <ref>` is the spec's alias of `:inspect`, so `:manifest` with a ref inspects it,
   * and `:manifest` alone opens the screen). The first alias is canonical.
   */
  readonly aliases: readonly string[];
}

export const SCREENS: readonly ScreenInfo[] = [
  { id: 'health', number: 1, title: 'Health', aliases: ['health', 'gates'] },
  { id: 'stamps', number: 2, title: 'Stamps', aliases: ['stamps', 'batches'] },
  { id: 'swap', number: 3, title: 'Swap', aliases: ['swap', 'cheques'] },
  { id: 'lottery', number: 4, title: 'Lottery', aliases: ['lottery', 'redistribution', 'stake'] },
  { id: 'warmup', number: 5, title: 'Warmup', aliases: ['warmup'] },
  { id: 'peers', number: 6, title: 'Peers', aliases: ['peers'] },
  { id: 'network', number: 7, title: 'Network', aliases: ['network', 'addresses'] },
  { id: 'apiHealth', number: 8, title: 'API Health', aliases: ['api', 'api-health', 'chain'] },
  { id: 'tags', number: 9, title: 'Tags', aliases: ['tags'] },
  { id: 'pins', number: 10, title: 'Pins', aliases: ['pins'] },
  { id: 'manifest', number: 11, title: 'Manifest', aliases: ['manifest', 'walker'] },
  { id: 'watchlist', number: 12, title: 'Watchlist', aliases: ['watchlist', 'watch'] },
  { id: 'feedTimeline', number: 13, title: 'Feed Timeline', aliases: ['feeds', 'feed', 'timeline'] },
  { id: 'pubsub', number: 14, title: 'Pubsub', aliases: ['pubsub', 'gsoc'] },
  { id: 'fleet', number: 15, title: 'Fleet', aliases: ['fleet'] },
];

/** Terminal Alt+1..9, in order (Alt+5 opens Fleet, per the spec's terminal extras). */
export const TERMINAL_ALT_SCREENS: readonly ScreenId[] = [
  'health', 'stamps', 'swap', 'lottery', 'fleet', 'peers', 'network', 'apiHealth', 'tags',
];

/** Desktop 1..9, in order (S1..S9). */
export const DESKTOP_DIGIT_SCREENS: readonly ScreenId[] = [
  'health', 'stamps', 'swap', 'lottery', 'warmup', 'peers', 'network', 'apiHealth', 'tags',
];

export function screenInfo(id: ScreenId): ScreenInfo {
  const found = SCREENS.find((screen) => screen.id === id);
  if (!found) throw new Error(`unknown screen ${id}`);
  return found;
}

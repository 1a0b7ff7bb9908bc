/**
 * The cockpit's fifteen screens (2-cockpit.md §1 "Screens"): their ids, S-numbers, titles and palette names.
 * Shared by the engine (navigation, palette `:go`) and every face (tabs, help). The keys that open them are
 * rows of the binding table (core/cockpit/bindings/key-bindings.ts): the desktop's `1`..`9` open S1..S9, the
 * terminal's Alt+1..9 put Fleet fifth (the spec's terminal extras); the rest are reached by Tab / Shift+Tab,
 * the palette (`:go <screen>` or a screen alias) or a click on the screen tab.
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

export function screenInfo(id: ScreenId): ScreenInfo {
  const found = SCREENS.find((screen) => screen.id === id);
  if (!found) throw new Error(`unknown screen ${id}`);
  return found;
}

/** A screen by a palette name, its number or S-number (`fleet`, `15`, `S15`), any case; undefined when none. */
export function screenByName(name: string): ScreenId | undefined {
  const lower = name.trim().toLowerCase();
  return SCREENS.find((screen) => screen.aliases.includes(lower) || String(screen.number) === lower || `s${screen.number}` === lower)?.id;
}

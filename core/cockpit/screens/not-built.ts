/** The content of a screen whose model has not landed yet: one clear line, never a blank page. */
import { screenInfo, type ScreenId } from '../view/screens.js';
import type { ScreenContent } from '../view/screen-contract.js';

export function notBuiltScreen(id: ScreenId): ScreenContent {
  const info = screenInfo(id);
  return { status: 'error', subtitle: `S${info.number} ${info.title}: screen not built yet`, sections: [], drill: null };
}

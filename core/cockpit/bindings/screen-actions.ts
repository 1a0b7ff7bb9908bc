/**
 * The actions a screen takes from a key (key-bindings.ts) and from its desktop button (an `actions` section):
 * one id each, which the key table, the screen's view (the button) and the screen's machine (the guard) all
 * name, so a key never reaches a machine as a letter. The engine sends them as `screen.action` events.
 */
/** S1 Health `r`: re-poll the active node now. */
export const HEALTH_REPOLL_ACTION = 'repoll';
/** S4 Lottery `r` / `Run rchash benchmark`. */
export const RCHASH_ACTION = 'rchash';
/** S10 Pins `c` / `Check all`. */
export const CHECK_ALL_ACTION = 'checkAll';
/** S10 Pins `s` / `Sort: …`. */
export const CYCLE_SORT_ACTION = 'cycleSort';
/** S12 Watchlist `r` / `Re-check all`. */
export const RECHECK_ALL_ACTION = 'recheckAll';
/** S12 Watchlist `x` / `Remove` (the selected reference). */
export const REMOVE_ACTION = 'remove';
/** S14 Pubsub `Unsubscribe` (a button only). */
export const UNSUBSCRIBE_ACTION = 'unsubscribe';
/** S15 Fleet `Switch to` (the selected node; Enter activates the row, which does the same). */
export const SWITCH_ACTION = 'switchTo';
/** S15 Fleet `r` / `Re-poll`: every node now. */
export const REPOLL_ACTION = 'repoll';

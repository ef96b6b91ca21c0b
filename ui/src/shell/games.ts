import type { Component } from 'svelte';
import TimeGoScreen from '../games/timego/TimeGoScreen.svelte';

/** A game the shell knows about; only those with a working screen are shown. */
export interface GameEntry {
  /** Route and save-file name of the game. */
  id: 'timego' | 'surface' | 'chess';
  /** The screen, or null while it does not exist yet (the game stays hidden). */
  screen: Component | null;
}

/** All three games in menu order; the shell filters out those without a screen. */
export const GAMES: readonly GameEntry[] = [
  { id: 'timego', screen: TimeGoScreen },
  { id: 'surface', screen: null },
  { id: 'chess', screen: null },
];

/** Games that can be opened now. */
export function playableGames(): GameEntry[] {
  return GAMES.filter((g) => g.screen !== null);
}

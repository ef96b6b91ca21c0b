import type { Component } from 'svelte';
import TimeGoArt from '../games/timego/CardArt.svelte';
import SurfaceArt from '../games/surface/CardArt.svelte';
import ChessArt from '../games/chess/CardArt.svelte';

/** Loads a screen's code when it is first opened (Vite puts each screen in a chunk of its own). */
export type ScreenLoader = () => Promise<{ default: Component }>;

/** A game the shell knows about; only those with a working screen are shown. */
export interface GameEntry {
  /** Route and save-file name of the game: `#/<id>`. */
  id: 'timego' | 'surface' | 'chess';
  /** Loads the game's screen, or null while it does not exist yet (the game stays hidden). */
  screen: ScreenLoader | null;
  /** Loads the game's tutorial (`#/<id>/learn`), or null when it has none (no link is shown). */
  learn: ScreenLoader | null;
  /** The game's picture on its home-screen card (small, so loaded with the shell). */
  art: Component;
}

/**
 * All three games in menu order: the one list the routes, the home screen and the top bar
 * read. Screens are imported only here and only dynamically, so the home screen never
 * waits for a game's code.
 */
export const GAMES: readonly GameEntry[] = [
  {
    id: 'timego',
    screen: () => import('../games/timego/TimeGoScreen.svelte'),
    learn: () => import('../games/timego/tutorial/TutorialScreen.svelte'),
    art: TimeGoArt,
  },
  { id: 'surface', screen: () => import('../games/surface/SurfaceScreen.svelte'), learn: null, art: SurfaceArt },
  { id: 'chess', screen: () => import('../games/chess/ChessApp.svelte'), learn: null, art: ChessArt },
];

/** Games that can be opened now. */
export function playableGames(): GameEntry[] {
  return GAMES.filter((g) => g.screen !== null);
}

/** The playable game with this id, if any. */
export function findGame(id: string): GameEntry | undefined {
  return playableGames().find((g) => g.id === id);
}

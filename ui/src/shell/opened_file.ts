import { appStatus } from '../lib/api';
import { findGame } from './games';
import { router } from './route.svelte';

/**
 * When the app was started with a game file (a shared game opened from the desktop, or a
 * path on the command line), shows the screen of the game its document kind names (TimeGo
 * when it names none, whose importer then says what is wrong with it); that screen offers
 * to open it. Outside the app (no backend) nothing happens.
 */
export async function showOpenedFile(): Promise<void> {
  try {
    const status = await appStatus();
    if (!status.opened_file) return;
    const game = findGame(status.opened_file_game ?? 'timego') ?? findGame('timego');
    if (game) router.go({ name: 'game', id: game.id });
  } catch {
    // No backend answered: the home screen says what it can.
  }
}

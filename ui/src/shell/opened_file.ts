import { appStatus } from '../lib/api';
import { router } from './route.svelte';

/**
 * When the app was started with a game file (a shared game opened from the desktop, or a
 * path on the command line), shows the TimeGo screen, whose record dialogs then offer to
 * open it. Outside the app (no backend) nothing happens.
 */
export async function showOpenedFile(): Promise<void> {
  try {
    const status = await appStatus();
    if (status.opened_file) router.go({ name: 'game', id: 'timego' });
  } catch {
    // No backend answered: the home screen says what it can.
  }
}

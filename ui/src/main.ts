import { mount } from 'svelte';
import './app.css';
import App from './shell/App.svelte';
import { settings } from './lib/settings.svelte';
import { showOpenedFile } from './shell/opened_file';

// User-timing marks read by the start-up probe (docs/performance.md); they cost nothing.
performance.mark('crab-canon:scripts-run');

// Settings load before the first frame so theme and language never flash; a game file the
// app was started with opens its game's screen, which then offers to open it.
Promise.allSettled([settings.init(), showOpenedFile()]).finally(() => {
  performance.mark('crab-canon:settings');
  mount(App, { target: document.getElementById('app') as HTMLElement });
  performance.mark('crab-canon:mounted');
});

import { mount } from 'svelte';
import './app.css';
import App from './shell/App.svelte';
import { settings } from './lib/settings.svelte';
import { showOpenedFile } from './shell/opened_file';

// Settings load before the first frame so theme and language never flash; a game file the
// app was started with opens its game's screen, which then offers to open it.
Promise.allSettled([settings.init(), showOpenedFile()]).finally(() => {
  mount(App, { target: document.getElementById('app') as HTMLElement });
});

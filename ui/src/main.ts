import { mount } from 'svelte';
import './app.css';
import App from './shell/App.svelte';
import { settings } from './lib/settings.svelte';

// Settings load before the first frame so theme and language never flash.
settings.init().finally(() => {
  mount(App, { target: document.getElementById('app') as HTMLElement });
});

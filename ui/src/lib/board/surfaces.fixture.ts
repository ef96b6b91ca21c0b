// UI-test fixture entry only (tests/ui/fixtures/surfaces.html); the app never imports it.
import { mount } from 'svelte';
import '../../app.css';
import { settings } from '../settings.svelte';
import SurfaceBoards from './SurfaceBoards.fixture.svelte';

settings.init().finally(() => {
  mount(SurfaceBoards, { target: document.getElementById('app') as HTMLElement });
});

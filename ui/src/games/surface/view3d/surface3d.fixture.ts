// UI-test fixture entry only (tests/ui/fixtures/surface3d.html); the app never imports it.
import { mount } from 'svelte';
import '../../../app.css';
import { settings } from '../../../lib/settings.svelte';
import Surface3DFixture from './Surface3D.fixture.svelte';

settings.init().finally(() => {
  mount(Surface3DFixture, { target: document.getElementById('app') as HTMLElement });
});

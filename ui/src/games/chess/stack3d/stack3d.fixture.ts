// UI-test fixture entry only (tests/ui/fixtures/chess3d.html); the app never imports it.
import { mount } from 'svelte';
import '../../../app.css';
import { settings } from '../../../lib/settings.svelte';
import Stack3DFixture from './Stack3D.fixture.svelte';

settings.init().finally(() => {
  mount(Stack3DFixture, { target: document.getElementById('app') as HTMLElement });
});

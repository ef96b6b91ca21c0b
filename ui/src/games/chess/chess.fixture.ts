// UI-test fixture entry only (tests/ui/fixtures/chess.html); the app never imports it.
import { mount } from 'svelte';
import '../../app.css';
import { settings } from '../../lib/settings.svelte';
import ChessFixture from './ChessFixture.svelte';

settings.init().finally(() => {
  mount(ChessFixture, { target: document.getElementById('app') as HTMLElement });
});

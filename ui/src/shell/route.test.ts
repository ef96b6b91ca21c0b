import { describe, expect, it } from 'vitest';
import { parseRoute, routeHash } from './route.svelte';

describe('routes', () => {
  it('round-trips every screen through the hash', () => {
    for (const r of [{ name: 'home' }, { name: 'settings' }, { name: 'learn' }, { name: 'game', id: 'timego' }] as const) {
      expect(parseRoute(routeHash(r))).toEqual(r);
    }
  });
  it('treats an empty hash as home', () => {
    expect(parseRoute('')).toEqual({ name: 'home' });
    expect(parseRoute('#')).toEqual({ name: 'home' });
  });
});

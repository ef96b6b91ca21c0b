import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseRoute, routeHash } from './route.svelte';
import { GAMES, findGame, playableGames } from './games';

describe('routes', () => {
  it('round-trips every screen through the hash', () => {
    const learn = { name: 'game', id: 'timego', learn: true } as const;
    for (const r of [{ name: 'home' }, { name: 'settings' }, learn, { name: 'game', id: 'timego' }] as const) {
      expect(parseRoute(routeHash(r))).toEqual(r);
    }
  });
  it('treats an empty hash as home', () => {
    expect(parseRoute('')).toEqual({ name: 'home' });
    expect(parseRoute('#')).toEqual({ name: 'home' });
  });
  it('opens a tutorial as #/<game>/learn, and by the rules name #/<game>-learn', () => {
    expect(routeHash({ name: 'game', id: 'timego', learn: true })).toBe('#/timego/learn');
    expect(parseRoute('#/timego-learn')).toEqual({ name: 'game', id: 'timego', learn: true });
    expect(parseRoute('#/timego/learn/')).toEqual({ name: 'game', id: 'timego', learn: true });
  });
});

describe('games', () => {
  it('shows every game with a screen, and no unknown one', () => {
    expect(playableGames().map((g) => g.id)).toEqual(['timego', 'surface', 'chess']);
    expect(findGame('poker')).toBeUndefined();
    expect(GAMES.map((g) => g.id)).toEqual(['timego', 'surface', 'chess']);
  });
  it('names a loader, not a loaded screen, for each playable game', () => {
    // Chromium's shell test checks that the home screen fetches no game chunk.
    expect(typeof findGame('timego')?.screen).toBe('function');
    expect(typeof findGame('timego')?.learn).toBe('function');
    expect(typeof findGame('surface')?.screen).toBe('function');
    expect(findGame('surface')?.learn).toBeNull();
    expect(typeof findGame('chess')?.screen).toBe('function');
    expect(findGame('chess')?.learn).toBeNull();
  });
  it('keeps every game screen out of the shell: no static import of a game but its card picture', () => {
    for (const file of ['App.svelte', 'Home.svelte', 'games.ts', 'route.svelte.ts', '../main.ts']) {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
      const gameImports = source.match(/^\s*import\s[^;]*['"][./]*\/?games\/[^'"]*['"]/gm) ?? [];
      expect(
        gameImports.filter((line) => !/\/games\/\w+\/CardArt\.svelte['"]$/.test(line)),
        file,
      ).toEqual([]);
    }
  });
  it('gives each game a picture of its own on the home screen', () => {
    expect(new Set(GAMES.map((g) => g.art)).size).toBe(GAMES.length);
  });
});

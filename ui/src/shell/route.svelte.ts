/**
 * Screens of the shell, addressed by the location hash so Back works: `#/`, `#/settings`,
 * `#/<game>` and `#/<game>/learn` (its tutorial).
 */
export type Route = { name: 'home' } | { name: 'settings' } | { name: 'game'; id: string; learn?: true };

/** Reads a route from a hash such as `#/timego`, `#/timego/learn` or `#/settings`. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '').replace(/\/$/, '');
  if (path === '' || path === 'home') return { name: 'home' };
  if (path === 'settings') return { name: 'settings' };
  // The rules documents call the tutorial page `<game>-learn`; both spellings open it.
  const learn = /^([a-z0-9]+)(?:\/|-)learn$/.exec(path);
  if (learn) return { name: 'game', id: learn[1], learn: true };
  return { name: 'game', id: path };
}

/** The hash for a route. */
export function routeHash(route: Route): string {
  if (route.name === 'home') return '#/';
  if (route.name === 'settings') return '#/settings';
  return route.learn ? `#/${route.id}/learn` : `#/${route.id}`;
}

class Router {
  current: Route = $state(parseRoute(typeof location === 'undefined' ? '' : location.hash));

  constructor() {
    if (typeof window !== 'undefined') {
      window.addEventListener('hashchange', () => (this.current = parseRoute(location.hash)));
    }
  }

  /** Opens a screen. */
  go(route: Route): void {
    location.hash = routeHash(route);
    this.current = route;
  }
}

/** The single router of the shell. */
export const router = new Router();

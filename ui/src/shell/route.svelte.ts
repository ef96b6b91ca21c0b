/** Screens of the shell, addressed by the location hash so Back works. */
export type Route = { name: 'home' } | { name: 'settings' } | { name: 'learn' } | { name: 'game'; id: string };

/** Path of the TimeGo tutorial (the rules call the page `timego-learn`). */
const LEARN_PATH = 'timego-learn';

/** Reads a route from a hash such as `#/timego` or `#/settings`. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  if (path === '' || path === 'home') return { name: 'home' };
  if (path === 'settings') return { name: 'settings' };
  if (path === LEARN_PATH) return { name: 'learn' };
  return { name: 'game', id: path };
}

/** The hash for a route. */
export function routeHash(route: Route): string {
  if (route.name === 'home') return '#/';
  if (route.name === 'settings') return '#/settings';
  if (route.name === 'learn') return `#/${LEARN_PATH}`;
  return `#/${route.id}`;
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

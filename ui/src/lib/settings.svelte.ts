import { appStatus, getSettings, setSettings } from './api';
import type { Settings } from './bindings/Settings';
import type { Theme } from './bindings/Theme';
import type { Motion } from './bindings/Motion';
import { setLanguage } from './i18n';

/** Values used until the backend answers, and when it cannot: the backend's own defaults. */
export const DEFAULT_SETTINGS: Settings = {
  language: 'en',
  theme: 'system',
  motion: 'system',
  timego: { default_board_size: 5, default_komi: 0 },
};

/** Komi values offered for new games: multiples of 0.5 valid on every menu board size. */
export const KOMI_CHOICES: readonly number[] = [-7.5, -6.5, -5.5, -0.5, 0, 0.5, 5.5, 6.5, 7.5];

/** The colour scheme to show for a theme choice, given whether the system prefers dark. */
export function resolveScheme(theme: Theme, systemDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return systemDark ? 'dark' : 'light';
  return theme;
}

/** Whether to suppress animation for a motion choice, given the system's preference. */
export function resolveReducedMotion(motion: Motion, systemReduce: boolean): boolean {
  if (motion === 'system') return systemReduce;
  return motion === 'reduce';
}

/** The app's settings: reactive for every screen, stored by the backend. */
class SettingsState {
  values: Settings = $state({ ...DEFAULT_SETTINGS });
  /** A sentence explaining why settings are not stored or were reset, if so. */
  notice: string | null = $state(null);
  /** Set when another window owns the save files. */
  secondaryInstance: string | null = $state(null);

  #systemDark = $state(false);
  #systemReduce = $state(false);
  #watching = false;

  /** The theme actually shown after resolving `system`. */
  get scheme(): 'light' | 'dark' {
    return resolveScheme(this.values.theme, this.#systemDark);
  }

  /** Whether animations are off after resolving `system`. */
  get reducedMotion(): boolean {
    return resolveReducedMotion(this.values.motion, this.#systemReduce);
  }

  /** Reads settings and the window's status; failures leave the defaults and say why. */
  async init(): Promise<void> {
    try {
      const [values, status] = await Promise.all([getSettings(), appStatus()]);
      this.values = values;
      this.notice = status.settings_notice;
      this.secondaryInstance = status.instance.kind === 'secondary' ? status.instance.message : null;
    } catch (e) {
      this.notice = e instanceof Error ? e.message : String(e);
    }
    this.#apply();
  }

  /** Changes settings, applies them at once and asks the backend to store them. */
  async update(patch: Partial<Settings>): Promise<void> {
    const previous = this.values;
    this.values = { ...this.values, ...patch };
    this.#apply();
    try {
      this.values = await setSettings($state.snapshot(this.values));
      this.notice = null;
    } catch (e) {
      this.values = previous;
      this.notice = e instanceof Error ? e.message : String(e);
    }
    this.#apply();
  }

  // One resolved attribute per concern keeps the CSS to a single dark block and a single motion rule.
  #apply(): void {
    setLanguage(this.values.language);
    if (!this.#watching && typeof matchMedia === 'function') {
      this.#watching = true;
      const dark = matchMedia('(prefers-color-scheme: dark)');
      const reduce = matchMedia('(prefers-reduced-motion: reduce)');
      this.#systemDark = dark.matches;
      this.#systemReduce = reduce.matches;
      dark.addEventListener('change', (e) => {
        this.#systemDark = e.matches;
        this.#apply();
      });
      reduce.addEventListener('change', (e) => {
        this.#systemReduce = e.matches;
        this.#apply();
      });
    }
    const root = document.documentElement;
    root.dataset.scheme = this.scheme;
    root.dataset.motion = this.reducedMotion ? 'reduce' : 'full';
    root.style.colorScheme = this.scheme;
  }
}

/** The single settings instance every screen reads. */
export const settings = new SettingsState();

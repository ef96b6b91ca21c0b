import { addMessages, init, locale, _ } from 'svelte-i18n';
import en from './messages/en.json';
import { FALLBACK_LOCALE, isAvailableLocale, type LocaleCode } from './locales';

// English is bundled synchronously so the first frame never shows message keys;
// further languages are added as message files next to en.json and registered here.
addMessages('en', en);

init({ fallbackLocale: FALLBACK_LOCALE, initialLocale: FALLBACK_LOCALE });

/** Switches every screen to `code`, falling back to English for a language not shipped yet. */
export function setLanguage(code: string): LocaleCode {
  const chosen = isAvailableLocale(code) ? code : FALLBACK_LOCALE;
  locale.set(chosen);
  document.documentElement.lang = chosen;
  return chosen;
}

export { _ as t, locale };

/** The message function of `$t`, for helpers that build sentences outside components. */
export type Translate = typeof _ extends import('svelte/store').Readable<infer F> ? F : never;

import { addMessages, init, locale, _ } from 'svelte-i18n';
import en from './messages/en.json';
import ja from './messages/ja.json';
import ko from './messages/ko.json';
import zh from './messages/zh.json';
import { FALLBACK_LOCALE, htmlLang, isAvailableLocale, type LocaleCode } from './locales';

// Every language is bundled synchronously (a few kilobytes each) so the first frame and
// every language switch show finished sentences, never message keys or a loading gap.
addMessages('en', en);
addMessages('ja', ja);
addMessages('zh', zh);
addMessages('ko', ko);

init({ fallbackLocale: FALLBACK_LOCALE, initialLocale: FALLBACK_LOCALE });

/** Switches every screen to `code`, falling back to English for a language not shipped yet. */
export function setLanguage(code: string): LocaleCode {
  const chosen = isAvailableLocale(code) ? code : FALLBACK_LOCALE;
  locale.set(chosen);
  document.documentElement.lang = htmlLang(chosen);
  return chosen;
}

export { _ as t, locale };

/** The message function of `$t`, for helpers that build sentences outside components. */
export type Translate = typeof _ extends import('svelte/store').Readable<infer F> ? F : never;

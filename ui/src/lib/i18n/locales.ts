/** The languages the app is prepared for, with their own names; only those with a message file (`available`) are offered. */
export const LOCALES = [
  { code: 'en', nativeName: 'English', available: true },
  { code: 'ja', nativeName: '日本語', available: false },
  { code: 'zh', nativeName: '中文', available: false },
  { code: 'ko', nativeName: '한국어', available: false },
] as const;

/** A language code the app may be set to. */
export type LocaleCode = (typeof LOCALES)[number]['code'];

/** The language used when nothing else is chosen, and for missing messages. */
export const FALLBACK_LOCALE: LocaleCode = 'en';

/** Whether `code` names a language whose message file ships with the app. */
export function isAvailableLocale(code: string): code is LocaleCode {
  return LOCALES.some((l) => l.code === code && l.available);
}

/**
 * The languages the app is prepared for, with their own names and the BCP 47 tag put on
 * `<html lang>` (the script subtag makes browsers pick Simplified Chinese glyphs and fonts);
 * only those with a message file (`available`) are offered.
 */
export const LOCALES = [
  { code: 'en', htmlLang: 'en', nativeName: 'English', available: true },
  { code: 'ja', htmlLang: 'ja', nativeName: '日本語', available: true },
  { code: 'zh', htmlLang: 'zh-Hans', nativeName: '简体中文', available: true },
  { code: 'ko', htmlLang: 'ko', nativeName: '한국어', available: true },
] as const;

/** A language code the app may be set to. */
export type LocaleCode = (typeof LOCALES)[number]['code'];

/** The language used when nothing else is chosen, and for missing messages. */
export const FALLBACK_LOCALE: LocaleCode = 'en';

/** Whether `code` names a language whose message file ships with the app. */
export function isAvailableLocale(code: string): code is LocaleCode {
  return LOCALES.some((l) => l.code === code && l.available);
}

/** The `<html lang>` tag of an available language. */
export function htmlLang(code: LocaleCode): string {
  return LOCALES.find((l) => l.code === code)?.htmlLang ?? code;
}

import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "@/lib/api/types";
import { storedValue } from "@/lib/storage";
import en from "@/locales/en.json";

export const languages: readonly Language[] = ["en", "fr"];

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "fr";
}

const LANGUAGE_KEY = "lifegraph.language";

/** The interface language kept in local storage; English by default (docs/constants.md). */
export const chosenLanguage = storedValue<Language>(
  LANGUAGE_KEY,
  (raw) => (isLanguage(raw) ? raw : "en"),
  (value) => value,
);

// English is bundled (it is the fallback and the source of the key types); others load lazily.
const lazyLocales: Record<Exclude<Language, "en">, () => Promise<{ default: typeof en }>> = {
  fr: () => import("@/locales/fr.json"),
};

const lazyBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (language === "en") {
      callback(null, en);
      return;
    }
    const load = lazyLocales[language as Exclude<Language, "en">];
    if (!load) {
      callback(new Error(`No locale ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}

/** Starts i18next with the stored language; resolves once its texts are loaded. */
export async function initI18n(language: Language = chosenLanguage.get()) {
  i18n.on("languageChanged", syncDocumentLanguage);
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: "en",
      supportedLngs: languages,
      load: "languageOnly",
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  syncDocumentLanguage(i18n.language);
  return i18n;
}

/** Switches the interface language and remembers it on this device. */
export async function changeLanguage(language: Language) {
  chosenLanguage.set(language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : "en";
}

export { i18n };

import { useCallback, useSyncExternalStore } from 'react';
import {
  DEFAULT_LANGUAGE,
  formatDateIn,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  pickLanguage,
  type Language,
} from '@webpay/contracts/language';

/*
 * The language the portal is read in (decision 0013): the guarantor's own
 * choice, remembered in localStorage; else the browser's preferred languages;
 * else English. One value for the whole page, outside React, because the API
 * client asks the service for it on every call.
 */

function readStoredLanguage(): Language | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function browserLanguage(): Language {
  if (typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  const languages = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return pickLanguage(languages.filter(Boolean));
}

export function initialLanguage(): Language {
  return readStoredLanguage() ?? browserLanguage();
}

/** Screen readers pick their voice from `<html lang>`, so it follows every change. */
function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

function publish(language: Language): void {
  if (language === current) return;
  current = language;
  applyDocumentLanguage(language);
  for (const listener of listeners) listener();
}

export function currentLanguage(): Language {
  return current;
}

/** The guarantor's choice: applied at once, without a reload, and remembered. */
export function chooseLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice still applies for this visit.
  }
  publish(language);
}

export function subscribeToLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Before the first render: the starting language, and other tabs' choices from then on. */
export function startLanguage(): Language {
  current = initialLanguage();
  applyDocumentLanguage(current);
  window.addEventListener('storage', (event) => {
    if (event.key === LANGUAGE_STORAGE_KEY && isLanguage(event.newValue)) publish(event.newValue);
  });
  return current;
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
}

/**
 * Dates as the reader's language writes them: `Nov 3, 2026` or `3 nov 2026`
 * (decision 0013). An instant is written as its day in `timeZone` when given.
 */
export function useFormatDate(timeZone?: string): (value: string) => string {
  const language = useLanguage();
  return useCallback(
    (value: string) => formatDateIn(language, value, timeZone),
    [language, timeZone],
  );
}

import { useSyncExternalStore } from "react";

/** Local storage that may be unavailable (private mode, quota): reads fall back, writes are best effort. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Returns false when storage refused the write. */
export function writeStorage(key: string, value: string | null): boolean {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export interface StoredValue<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
  use(): T;
}

/**
 * A value kept in local storage under `key`, observable from React. `parse` turns the stored text
 * (null when absent) into the value; `serialize` turns it back (null removes the key).
 */
export function storedValue<T>(
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string | null,
): StoredValue<T> {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; value: T } | null = null;
  // Used only when storage refuses writes, so the choice still holds for this page.
  let memory: { raw: string | null } | null = null;

  const get = () => {
    const stored = readStorage(key);
    const raw = stored ?? memory?.raw ?? null;
    if (cache === null || cache.raw !== raw) cache = { raw, value: parse(raw) };
    return cache.value;
  };
  const notify = () => listeners.forEach((listener) => listener());
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };
  const subscribe = (listener: () => void) => {
    if (listeners.size === 0) window.addEventListener("storage", onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener("storage", onStorage);
    };
  };
  const set = (value: T) => {
    const raw = serialize(value);
    memory = writeStorage(key, raw) ? null : { raw };
    notify();
  };
  return { get, set, subscribe, use: () => useSyncExternalStore(subscribe, get, get) };
}

/** A matchMedia for jsdom that answers min-width queries from a settable viewport width. */
type Listener = (event: MediaQueryListEvent) => void;

let width = 1024;
let prefersDark = false;
const lists = new Set<{ query: string; listeners: Set<Listener> }>();

function evaluate(query: string): boolean {
  const minWidth = /min-width:\s*(\d+)px/.exec(query);
  if (minWidth) return width >= Number(minWidth[1]);
  if (query.includes("prefers-color-scheme: dark")) return prefersDark;
  return false;
}

export function installMatchMedia() {
  window.matchMedia = (query: string) => {
    const entry = { query, listeners: new Set<Listener>() };
    lists.add(entry);
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

function notifyChanges(change: () => void) {
  const before = new Map([...lists].map((entry) => [entry, evaluate(entry.query)]));
  change();
  for (const [entry, was] of before) {
    const now = evaluate(entry.query);
    if (now !== was) {
      entry.listeners.forEach((listener) => listener({ matches: now, media: entry.query } as MediaQueryListEvent));
    }
  }
}

export function setViewportWidth(next: number) {
  notifyChanges(() => {
    width = next;
  });
}

export function setPrefersDark(next: boolean) {
  notifyChanges(() => {
    prefersDark = next;
  });
}

export function resetMedia() {
  width = 1024;
  prefersDark = false;
  lists.clear();
}

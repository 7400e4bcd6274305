import { useState } from "react";
import { cookiePreferences } from "@/lib/cookie-consent";
import { readStorage, writeStorage } from "@/lib/storage";

const SIDEBAR_KEY = "lifegraph.sidebarOpen";

/**
 * Whether the desktop sidebar is open. It is remembered across visits only when the user allowed
 * functionality preferences in the cookie choice; otherwise it lasts for this page.
 */
export function useSidebarOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => !(cookiePreferences.get()?.functionality && readStorage(SIDEBAR_KEY) === "false"));
  const update = (next: boolean) => {
    setOpen(next);
    writeStorage(SIDEBAR_KEY, cookiePreferences.get()?.functionality ? String(next) : null);
  };
  return [open, update];
}

/**
 * Copies `text` (SPEC §8 copy fallbacks): the Clipboard API first, then a hidden text area copied
 * with the older `execCommand("copy")`. Resolves false when neither worked, for the caller to ask
 * for a manual copy.
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== "undefined" && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, not a secure context, document not focused): try the old way.
    }
  }
  return copyWithHiddenText(text);
}

function copyWithHiddenText(text: string): boolean {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.setAttribute("aria-hidden", "true");
  area.tabIndex = -1;
  Object.assign(area.style, { position: "fixed", top: "0", left: "0", width: "1px", height: "1px", opacity: "0", pointerEvents: "none" });
  document.body.append(area);
  let copied = false;
  try {
    area.focus();
    area.select();
    area.setSelectionRange(0, text.length);
    copied = typeof document.execCommand === "function" && document.execCommand("copy");
  } catch {
    copied = false;
  } finally {
    area.remove();
    focused?.focus();
  }
  return copied;
}

import type { TFunction } from "i18next";
import en from "@/locales/en.json";
import { ApiError } from "./client";
import type { ErrorCode } from "./types";

// Every code the server can answer (its `ErrorCode` enum, generated into ./schema) has a text under
// `errors.codes` in the locales, and every text there is a code: a code added or dropped on the
// server fails the type check until the locales follow (French keeps the same keys, see
// locales.test.ts).
type TranslatedCode = keyof typeof en.errors.codes;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyCodeTranslated: Same<TranslatedCode, ErrorCode> = true;
void everyCodeTranslated;

function isErrorCode(code: string | null): code is ErrorCode {
  return code !== null && Object.hasOwn(en.errors.codes, code);
}

/**
 * A message for the user: the translation of the server's stable code; for a code this build does
 * not know (a newer server), the server's own message; else a generic text (DESIGN: the French
 * interface shows no English server text).
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (isErrorCode(error.code)) return t(`errors.codes.${error.code}`);
    if (error.serverMessage) return error.serverMessage;
    return t("errors.generic");
  }
  if (error instanceof TypeError) return t("errors.serverUnavailable");
  return t("errors.generic");
}

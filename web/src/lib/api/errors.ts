import type { TFunction } from "i18next";
import { ApiError } from "./client";

export const translatedCodes = [
  "unauthorized",
  "not_found",
  "validation_failed",
  "consent_required",
  "title_required",
  "details_required",
  "invalid_date",
  "invalid_photo",
  "unknown_entity",
  "entity_required",
  "invalid_action",
  "entity_exists",
  "invalid_file_type",
  "file_too_large",
  "image_too_large",
  "invalid_upload",
  "payload_too_large",
  "invalid_text",
  "too_many_aliases",
  "too_many_entities",
  "too_many_media",
  "metadata_too_large",
  "cross_site_request",
  "origin_required",
  "rate_limited",
  "uri_too_long",
] as const;
type TranslatedCode = (typeof translatedCodes)[number];

function isTranslatedCode(code: string | null): code is TranslatedCode {
  return translatedCodes.includes(code as TranslatedCode);
}

/**
 * A message for the user: the translation of the server's stable code when there is one, else the
 * server's own message, else a generic text (DESIGN: the French interface shows no English server text).
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (isTranslatedCode(error.code)) return t(`errors.${error.code}`);
    if (error.serverMessage) return error.serverMessage;
    return t("errors.generic");
  }
  if (error instanceof TypeError) return t("errors.serverUnavailable");
  return t("errors.generic");
}

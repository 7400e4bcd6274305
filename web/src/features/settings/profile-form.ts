import { z } from "zod";
import type { Gender, Language, ProfileRequest, User } from "@/lib/api/types";
import { isLanguage } from "@/lib/i18n";

/** SPEC §3 "User": the genders a profile offers, besides none. */
export const profileGenders: readonly Gender[] = ["male", "female", "non-binary", "other", "prefer-not-to-say"];

const name = z.string().trim().max(100, "settings.profile.tooLong");

/** The profile form; messages are translation keys. Dates are checked by the server (a past day). */
export const profileSchema = z.object({
  username: name,
  firstName: name,
  lastName: name,
  birthDate: z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "settings.profile.birthDateFormat")]),
  gender: z.union([z.literal(""), z.enum(["male", "female", "non-binary", "other", "prefer-not-to-say"])]),
  language: z.enum(["en", "fr"]),
});

export type ProfileFormValues = z.infer<typeof profileSchema>;

export function profileFormValues(user: User, fallbackLanguage: Language): ProfileFormValues {
  return {
    username: user.username ?? "",
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    birthDate: user.birthDate ?? "",
    gender: user.gender ?? "",
    language: isLanguage(user.language) ? user.language : fallbackLanguage,
  };
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** The PATCH body: blank text and "none" are null (the server clears them); never the e-mail. */
export function profileRequest(values: ProfileFormValues): ProfileRequest {
  return {
    username: orNull(values.username),
    firstName: orNull(values.firstName),
    lastName: orNull(values.lastName),
    birthDate: values.birthDate === "" ? null : values.birthDate,
    gender: values.gender === "" ? null : values.gender,
    language: values.language,
  };
}

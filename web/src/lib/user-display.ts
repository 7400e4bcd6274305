import type { User } from "@/lib/api/types";

type NamedUser = Pick<User, "firstName" | "lastName" | "username" | "email">;

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function firstCharacter(value: string): string {
  return Array.from(value)[0] ?? "";
}

/** docs/data.md "User": first + last name if both exist, else username, else the e-mail's local part, else 'User'. */
export function displayName(user: NamedUser, fallback = "User"): string {
  const first = present(user.firstName);
  const last = present(user.lastName);
  if (first && last) return `${first} ${last}`;
  const username = present(user.username);
  if (username) return username;
  const localPart = present(present(user.email)?.split("@")[0]);
  if (localPart) return localPart;
  return fallback;
}

/** docs/data.md "User": first letter of firstName, else the e-mail's first letter uppercased, else 'U'. */
export function userInitial(user: Pick<User, "firstName" | "email">): string {
  const first = present(user.firstName);
  if (first) return firstCharacter(first);
  const email = present(user.email);
  if (email) return firstCharacter(email).toUpperCase();
  return "U";
}

import type { Person } from "@/lib/api/types";

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * How a friend (or the sender of an invitation) is named (SPEC §2 "Friend invitation"): first and
 * last name, else the username, else a name part on its own, else the e-mail (only friends see it),
 * else `fallback` ('Someone').
 */
export function personName(person: Pick<Person, "firstName" | "lastName" | "username" | "email">, fallback: string): string {
  const first = present(person.firstName);
  const last = present(person.lastName);
  if (first && last) return `${first} ${last}`;
  return present(person.username) ?? first ?? last ?? present(person.email) ?? fallback;
}

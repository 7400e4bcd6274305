import type { Person } from "@/lib/api/types";

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** SPEC §2 memory detail: who shared a memory is named by username, else first name, else e-mail, else `someone`. */
export function sharedByName(person: Person, someone: string): string {
  return present(person.username) ?? present(person.firstName) ?? present(person.email) ?? someone;
}

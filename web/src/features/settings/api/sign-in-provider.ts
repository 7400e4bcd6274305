import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api/client";
import type { SignInProvider } from "@/lib/api/types";
import { settingsKeys } from "./keys";

/** GET /api/auth/provider: the identity provider's account page, where the password is changed. */
export function getSignInProvider(): Promise<SignInProvider> {
  return unwrap(api.GET("/api/auth/provider"));
}

/** Kept as long as the page lives: the server's configuration does not change under it. */
export function useSignInProvider() {
  return useQuery({ queryKey: settingsKeys.provider(), queryFn: getSignInProvider, staleTime: Infinity });
}

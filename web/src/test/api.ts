import { vi } from "vitest";
import type { User } from "@/lib/api/types";

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** Answers a request; `query` is its query string. */
type Handler = (request: RecordedRequest, query: URLSearchParams) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/**
 * Replaces fetch with a table of "METHOD /path" handlers and records every request. An unlisted
 * request answers 404 with the server's error shape, so a test notices calls it did not expect.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The API client sends a Request; a plain fetch sends a URL and its options.
    const sent = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
    const url = new URL(sent.url);
    const method = sent.method.toUpperCase();
    const json = sent.headers.get("Content-Type")?.includes("application/json");
    const text = json ? await sent.clone().text() : "";
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    const request = { method, path: url.pathname, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = handler ? await handler(request, url.searchParams) : { status: 404, body: { message: "Not found", code: "not_found" } };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { requests, fetchMock };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 2,
    username: null,
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    birthDate: null,
    gender: null,
    language: null,
    theme: null,
    isAdmin: false,
    consents: { dataProcessingAt: "2026-11-01T10:00:00Z", termsAt: "2026-11-01T10:00:00Z" },
    createdAt: "2026-11-01T10:00:00Z",
    ...overrides,
  };
}

/** The usual signed-in handlers: the user and an unread count. */
export function signedInApi(user: User, extra: Record<string, Handler> = {}, unreadCount = 0) {
  return mockApi({
    "GET /api/auth/user": () => ({ body: user }),
    "GET /api/notifications/unread-count": () => ({ body: { count: unreadCount } }),
    ...extra,
  });
}

export function signedOutApi(extra: Record<string, Handler> = {}) {
  return mockApi({
    "GET /api/auth/user": () => ({ status: 401, body: { message: "Not signed in", code: "unauthorized" } }),
    ...extra,
  });
}

import type { ErrorBody } from "./types";

/**
 * A non-OK answer from the server. `message` follows SPEC §8 ("status: body or status text");
 * `code` is the server's stable snake_case code, which the interface translates.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, bodyText: string) {
    const body = parseErrorBody(bodyText);
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.code = body?.code ?? null;
    this.serverMessage = body?.message ?? null;
  }
}

function parseErrorBody(text: string): ErrorBody | null {
  try {
    const value: unknown = JSON.parse(text);
    if (
      typeof value === "object" &&
      value !== null &&
      typeof (value as ErrorBody).message === "string" &&
      typeof (value as ErrorBody).code === "string"
    ) {
      return value as ErrorBody;
    }
  } catch {
    // Not JSON: the raw text stays in the error message.
  }
  return null;
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
}

/** Sends a request to the API with the session cookie; JSON in, JSON out. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return readJson<T>(response);
}

/** Like apiRequest, but a 401 answers null instead of failing (SPEC §6: 401 means signed out). */
export async function apiRequestOrNull<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  const response = await send(path, options, true);
  if (response.status === 401) return null;
  return readJson<T>(response);
}

async function send(path: string, { method = "GET", body, signal }: RequestOptions, allow401 = false) {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    signal,
  });
  if (!response.ok && !(allow401 && response.status === 401)) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

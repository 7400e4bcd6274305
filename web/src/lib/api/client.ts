import createClient from "openapi-fetch";
import type { paths } from "./schema";
import type { ErrorBody } from "./types";

/**
 * A non-OK answer from the server. `message` follows docs/errors.md ("status: body or status text");
 * `code` is the server's stable snake_case code, which the interface translates.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string | null;
  /** The error answer itself when it is one (docs/errors.md), with its extra fields. */
  readonly body: ErrorBody | null;

  constructor(status: number, statusText: string, bodyText: string) {
    const body = parseErrorBody(bodyText);
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.code = body?.code ?? null;
    this.serverMessage = body?.message ?? null;
    this.body = body;
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

/**
 * The API, typed by path and method from the server's OpenAPI document: a wrong path, parameter or
 * body fails the type check. Calls send the session cookie; `fetch` is looked up at each call, so
 * tests can stand in for it.
 */
export const api = createClient<paths>({
  baseUrl: globalThis.location?.origin ?? "",
  credentials: "include",
  headers: { Accept: "application/json" },
  fetch: (request) => globalThis.fetch(request),
});

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's data, or an ApiError for a non-OK answer. */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorOf(response, error);
  return data as T;
}

/** Like unwrap, but a 401 answers null instead of failing (docs/errors.md: 401 means signed out). */
export async function unwrapOrNull<T>(call: Promise<Answer<T>>): Promise<T | null> {
  const { data, error, response } = await call;
  if (response.status === 401) return null;
  if (!response.ok) throw errorOf(response, error);
  return data as T;
}

function errorOf(response: Response, error: unknown): ApiError {
  const bodyText = typeof error === "string" ? error : error === undefined ? "" : JSON.stringify(error);
  return new ApiError(response.status, response.statusText, bodyText);
}

// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import { describe, expect, it } from "vitest";

const webDir = fileURLToPath(new URL("../../..", import.meta.url));

describe("schema.d.ts", () => {
  it("is what `npm run gen:api` makes from openapi.json (run it after changing the document)", async () => {
    const document = readFileSync(`${webDir}/openapi.json`, "utf8");
    const generated = COMMENT_HEADER + astToString(await openapiTS(document));
    const committed = readFileSync(`${webDir}/src/lib/api/schema.d.ts`, "utf8");
    expect(committed).toBe(generated);
  });

  it("names the schemas the app imports", () => {
    const document = JSON.parse(readFileSync(`${webDir}/openapi.json`, "utf8")) as {
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["User", "UserConsents", "UpdateUserRequest", "ConsentRequest", "UnreadCount", "ErrorBody"]),
    );
  });
});

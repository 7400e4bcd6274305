import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/api";
import { updateUser } from "./update-user";

describe("updateUser", () => {
  it("sends a valid body", async () => {
    const { requests } = mockApi({ "PATCH /api/auth/user": () => ({ body: {} }) });
    await updateUser({ language: "fr" });
    expect(requests).toEqual([{ method: "PATCH", path: "/api/auth/user", body: { language: "fr" } }]);
  });

  it("refuses a body the server would reject, without sending it", async () => {
    const { requests } = mockApi({});
    await expect(updateUser({ theme: "sepia" as "dark" })).rejects.toThrow();
    expect(requests).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/client";
import { checkPhoto, MAX_PHOTO_BYTES, photoProblemOf, uploadPhoto } from "./upload-photo";

describe("checkPhoto (docs/rules.md)", () => {
  it.each(["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"])("accepts %s", (type) => {
    expect(checkPhoto({ name: "a.bin", type, size: 1000 })).toBeNull();
  });

  it("refuses other types", () => {
    expect(checkPhoto({ name: "a.svg", type: "image/svg+xml", size: 10 })).toBe("invalid_file_type");
    expect(checkPhoto({ name: "a.pdf", type: "application/pdf", size: 10 })).toBe("invalid_file_type");
  });

  it("judges by the extension when the browser gives no type", () => {
    expect(checkPhoto({ name: "photo.JPG", type: "", size: 10 })).toBeNull();
    expect(checkPhoto({ name: "photo.heic", type: "", size: 10 })).toBe("invalid_file_type");
  });

  it("accepts 10 MB and refuses one byte more", () => {
    expect(MAX_PHOTO_BYTES).toBe(10 * 1024 * 1024);
    expect(checkPhoto({ name: "a.png", type: "image/png", size: MAX_PHOTO_BYTES })).toBeNull();
    expect(checkPhoto({ name: "a.png", type: "image/png", size: MAX_PHOTO_BYTES + 1 })).toBe("file_too_large");
  });
});

describe("uploadPhoto", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends the file as the multipart field `photo`", async () => {
    const fetchMock = vi.fn(async () => Response.json({ photoUrl: "/api/photos/1/a.png", thumbnailUrl: "/api/photos/1/a.thumb.jpg" }));
    vi.stubGlobal("fetch", fetchMock);
    const append = vi.spyOn(FormData.prototype, "append");
    const file = new File(["x"], "a.png", { type: "image/png" });
    await expect(uploadPhoto(file)).resolves.toEqual({ photoUrl: "/api/photos/1/a.png", thumbnailUrl: "/api/photos/1/a.thumb.jpg" });
    const [sent] = fetchMock.mock.calls[0] as unknown as [Request];
    expect(new URL(sent.url).pathname).toBe("/api/photos/upload");
    expect(sent.method).toBe("POST");
    expect(sent.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(append).toHaveBeenCalledWith("photo", file);
  });

  it("fails with the server's code", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ message: "File too large", code: "file_too_large" }, { status: 413 })));
    const error = await uploadPhoto(new File(["x"], "a.png", { type: "image/png" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("file_too_large");
  });
});

describe("photoProblemOf", () => {
  const refused = (status: number, code: string) => new ApiError(status, "", JSON.stringify({ message: "no", code }));

  it("names the photo problems the server answers", () => {
    expect(photoProblemOf(refused(400, "image_too_large"))).toBe("image_too_large");
    expect(photoProblemOf(refused(413, "file_too_large"))).toBe("file_too_large");
    expect(photoProblemOf(refused(400, "invalid_file_type"))).toBe("invalid_file_type");
  });

  it("is null for any other failure", () => {
    expect(photoProblemOf(refused(400, "invalid_upload"))).toBeNull();
    expect(photoProblemOf(new ApiError(500, "Internal Server Error", ""))).toBeNull();
    expect(photoProblemOf(new TypeError("Failed to fetch"))).toBeNull();
  });
});

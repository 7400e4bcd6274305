import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CreateMemoryDialog } from "./components/memory-form/create-memory-dialog";
import { entityKeys } from "@/features/entities";
import { changeLanguage, i18n } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { makeUser, signedInApi } from "@/test/api";
import type { Memory } from "@/lib/api/types";
import { makeEntity, makeMemory, makeValidationResult } from "@/test/builders";
import { renderApp } from "@/test/render";

const entity = makeEntity;
const memory = makeMemory;

const entities = [entity(4, "Hugo"), entity(5, "Claire"), entity(8, "Lyon", "location")];

/** The query strings of the GET /api/memories calls made so far. */
function listQueries(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/memories")
    .map((url) => url.searchParams);
}

describe("/memories", () => {
  it("shows cards with date, location, photo thumbnail and tags coloured by confidence", async () => {
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: entities }),
      "GET /api/memories": () => ({
        body: {
          items: [
            memory(1, {
              title: "Market",
              location: "Lyon",
              photo: "/api/photos/2/a.png",
              photoThumbnail: "/api/photos/2/a.thumb.jpg",
              entities: [
                { id: 4, name: "Hugo", type: "person", confidence: 86 },
                { id: 5, name: "Claire", type: "person", confidence: 65 },
                { id: 8, name: "Lyon", type: "location", confidence: 40 },
                { id: 9, name: "Joy", type: "emotion", confidence: null },
              ],
            }),
            memory(2, { title: "Undated", eventDate: null }),
          ],
          nextCursor: null,
        },
      }),
    });
    renderApp("/memories");
    const link = await screen.findByRole("link", { name: "Market" });
    expect(link).toHaveAttribute("href", "/memories/1");
    const card = link.closest("li")!;
    expect(within(card).getByText("June 15, 2024")).toBeInTheDocument();
    expect(within(card).getByText("Lyon", { selector: "p" })).toBeInTheDocument();
    expect(within(card).getByRole("img", { name: "Photo of “Market”" })).toHaveAttribute("src", "/api/photos/2/a.thumb.jpg");
    const tones = within(within(card).getByRole("list", { name: "Related entities" }))
      .getAllByRole("listitem")
      .map((item) => [item.textContent, item.firstElementChild?.getAttribute("data-tone")]);
    expect(tones).toEqual([
      ["Hugo", "high"],
      ["Claire", "medium"],
      ["Lyon", "low"],
      ["Joy", "none"],
    ]);
    expect(screen.getByText("Unknown date")).toBeInTheDocument();
  });

  it("makes each tag a link to the memories naming it, with its type, above the card's link and not inside it", async () => {
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: entities }),
      "GET /api/memories": () => ({
        body: {
          items: [
            memory(1, {
              title: "Market",
              entities: [
                { id: 4, name: "Hugo", type: "person", confidence: 86 },
                { id: 8, name: "Lyon", type: "location", confidence: 40 },
              ],
            }),
          ],
          nextCursor: null,
        },
      }),
    });
    const { router } = renderApp("/memories");
    const card = (await screen.findByRole("link", { name: "Market" })).closest("li")!;
    const tags = within(within(card).getByRole("list", { name: "Related entities" })).getAllByRole("link");
    expect(tags.map((tag) => [tag.getAttribute("href"), tag.getAttribute("title")])).toEqual([
      ["/memories?filterEntity=4", "Person"],
      ["/memories?filterEntity=8", "Location"],
    ]);
    // The text is the name; the icon differs per type.
    expect(tags.map((tag) => [tag.textContent, tag.querySelector("svg")?.getAttribute("class")])).toEqual([
      ["Hugo", expect.stringContaining("lucide-user")],
      ["Lyon", expect.stringContaining("lucide-map-pin")],
    ]);
    expect(tags[0]).toHaveAccessibleName("Hugo (Person)");
    for (const tag of tags) {
      expect(tag.parentElement?.closest("a")).toBeNull();
      expect(tag).toHaveClass("relative", "z-10");
    }
    // No link anywhere inside another.
    expect(document.querySelectorAll("a a")).toHaveLength(0);
    await userEvent.setup().click(tags[0]!);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/memories?filterEntity=4");
    await waitFor(() => expect(screen.getByRole("button", { name: "Filter by entity" })).toHaveTextContent("Hugo"));
  });

  it("names a tag's type in French", async () => {
    await changeLanguage("fr");
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "GET /api/memories": () => ({
        body: { items: [memory(1, { entities: [{ id: 9, name: "Joie", type: "emotion", confidence: null }] })], nextCursor: null },
      }),
    });
    renderApp("/memories");
    const tag = await screen.findByRole("link", { name: "Joie (Émotion)" });
    expect(tag).toHaveAttribute("title", "Émotion");
    expect(tag).toHaveAttribute("href", "/memories?filterEntity=9");
  });

  it("dates cards the French way in French", async () => {
    await changeLanguage("fr");
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "GET /api/memories": () => ({ body: { items: [memory(1)], nextCursor: null } }),
    });
    renderApp("/memories");
    expect(await screen.findByText("15 juin 2024")).toBeInTheDocument();
  });

  it("preselects filterEntity from the address and keeps the filter there when it changes", async () => {
    const { fetchMock } = signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: entities }),
      "GET /api/memories": () => ({ body: { items: [memory(1)], nextCursor: null } }),
    });
    const { router } = renderApp("/memories?filterEntity=4");
    const filter = await screen.findByRole("button", { name: "Filter by entity" });
    await waitFor(() => expect(filter).toHaveTextContent("Hugo"));
    expect(listQueries(fetchMock)[0]?.get("filterEntity")).toBe("4");
    expect(listQueries(fetchMock)[0]?.get("pageSize")).toBe("24");

    const user = userEvent.setup();
    await user.click(filter);
    await user.click(within(screen.getByRole("listbox", { name: "Filter by entity" })).getByRole("option", { name: /Claire/ }));
    expect(new URLSearchParams(router.state.location.search).get("filterEntity")).toBe("5");
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get("filterEntity")).toBe("5"));

    await user.click(screen.getByRole("button", { name: "Filter by entity" }));
    await user.click(screen.getByRole("option", { name: "All entities" }));
    expect(router.state.location.search).toBe("");
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.has("filterEntity")).toBe(false));
  });

  it("ignores a filterEntity that is not an id", async () => {
    const { fetchMock } = signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: entities }),
      "GET /api/memories": () => ({ body: { items: [], nextCursor: null } }),
    });
    renderApp("/memories?filterEntity=abc");
    expect(await screen.findByText("No memories yet")).toBeInTheDocument();
    expect(listQueries(fetchMock)[0]?.has("filterEntity")).toBe(false);
  });

  describe("search", () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    it("asks the server after a pause in typing, and says when nothing matches", async () => {
      const { fetchMock } = signedInApi(makeUser(), {
        "GET /api/entities": () => ({ body: [] }),
        "GET /api/memories": () => ({ body: { items: [], nextCursor: null } }),
      });
      renderApp("/memories");
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(await screen.findByRole("searchbox", { name: "Search memories" }), "sea");
      expect(listQueries(fetchMock).some((query) => query.get("search") === "se")).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(300));
      await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get("search")).toBe("sea"));
      expect(await screen.findByText("No memories match")).toBeInTheDocument();
    });
  });

  it("sorts on the server", async () => {
    const { fetchMock } = signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "GET /api/memories": () => ({ body: { items: [memory(1)], nextCursor: null } }),
    });
    renderApp("/memories");
    await screen.findByRole("link", { name: "Memory 1" });
    expect(listQueries(fetchMock)[0]?.get("sortBy")).toBe("eventDate");
    expect(listQueries(fetchMock)[0]?.get("sortOrder")).toBe("desc");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Sort memories/ }));
    await user.click(screen.getByRole("menuitemradio", { name: "Creation date, oldest first" }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get("sortBy")).toBe("createdAt"));
    expect(listQueries(fetchMock).at(-1)?.get("sortOrder")).toBe("asc");
  });

  it("loads the next page when the end of the list scrolls into view", async () => {
    const observers: { callback: IntersectionObserverCallback; target: Element | null }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        entry: { callback: IntersectionObserverCallback; target: Element | null };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, target: null };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          this.entry.target = null;
        }
      },
    );
    const { fetchMock } = signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "GET /api/memories": () => {
        const cursor = listQueries(fetchMock).at(-1)?.get("cursor");
        return cursor === "page-2"
          ? { body: { items: [memory(25, { title: "Last one" })], nextCursor: null } }
          : { body: { items: Array.from({ length: 24 }, (_, i) => memory(i + 1)), nextCursor: "page-2" } };
      },
    });
    renderApp("/memories");
    await screen.findByRole("link", { name: "Memory 24" });
    expect(screen.queryByRole("link", { name: "Last one" })).not.toBeInTheDocument();
    const watching = observers.find((observer) => observer.target !== null);
    expect(watching).toBeDefined();
    act(() =>
      watching?.callback([{ isIntersecting: true, target: watching.target } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    expect(await screen.findByRole("link", { name: "Last one" })).toBeInTheDocument();
    expect(listQueries(fetchMock).map((query) => query.get("cursor"))).toEqual([null, "page-2"]);
    // The last page has no next cursor: nothing is watched any more.
    await waitFor(() => expect(observers.every((observer) => observer.target === null)).toBe(true));
  });

  it("deletes a memory after confirmation", async () => {
    let items = [memory(1, { title: "Market" })];
    const { requests } = signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "GET /api/memories": () => ({ body: { items, nextCursor: null } }),
      "DELETE /api/memories/1": () => {
        items = [];
        return { status: 204 };
      },
    });
    renderApp("/memories");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Actions for “Market”" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    const alert = screen.getByRole("alertdialog", { name: "Delete this memory?" });
    await user.click(within(alert).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Memory deleted")).toBeInTheDocument();
    expect(await screen.findByText("No memories yet")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual(["/api/memories/1"]);
  });

  it("says when deleting fails", async () => {
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "GET /api/memories": () => ({ body: { items: [memory(1, { title: "Market" })], nextCursor: null } }),
      "DELETE /api/memories/1": () => ({ status: 500, body: { message: "boom", code: "internal" } }),
    });
    renderApp("/memories");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Actions for “Market”" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete memory. Please try again.")).toBeInTheDocument();
  });
});

describe("create-memory flow", () => {
  const created = {
    memory: memory(12, { title: "Market" }),
    entityValidation: {
      needsConfirmation: true,
      validationResults: [makeValidationResult({ extractedName: "Hugo", extractedConfidence: 86, extractedRelationship: null })],
    },
  };

  async function fillAndSave() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New Memory" }));
    const dialog = screen.getByRole("dialog", { name: "New memory" });
    await user.click(within(dialog).getByRole("button", { name: "Save memory" }));
    expect(await within(dialog).findByText("Title is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Memory details are required")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Title"), "Market");
    await user.type(within(dialog).getByLabelText("Details"), "Hugo came.");
    await user.click(within(dialog).getByRole("button", { name: "Save memory" }));
    return user;
  }

  it("asks to confirm the entities first, then lands on the new memory", async () => {
    const { requests } = signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "POST /api/memories/with-validation": () => ({ status: 201, body: created }),
      "POST /api/memories/12/confirm-entities": () => ({ body: { memory: created.memory, entitiesProcessed: 1 } }),
      "GET /api/memories/12": () => ({ body: created.memory }),
    });
    const { router } = renderApp("/");
    const user = await fillAndSave();
    const confirm = await screen.findByRole("dialog", { name: "Confirm AI-Extracted Entities" });
    expect(screen.getByText("Memory Created")).toBeInTheDocument();
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, "0");
    expect(requests.find((r) => r.path === "/api/memories/with-validation")?.body).toEqual({
      title: "Market",
      content: "Hugo came.",
      eventDate: `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`,
      location: null,
      photo: null,
      entities: [],
    });
    await user.click(within(confirm).getByRole("button", { name: "Save Memory with 1 Entity" }));
    expect(await screen.findByText("Entities Confirmed")).toBeInTheDocument();
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/memories/12?new=true"));
    expect(requests.find((r) => r.path === "/api/memories/12/confirm-entities")?.body).toEqual({
      confirmedEntities: [expect.objectContaining({ action: "create_new", name: "Hugo", type: "person" })],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Market" })).toBeInTheDocument();
  });

  it("Save Without Entities sends an empty list", async () => {
    const { requests } = signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "POST /api/memories/with-validation": () => ({ status: 201, body: created }),
      "POST /api/memories/12/confirm-entities": () => ({ body: { memory: created.memory, entitiesProcessed: 0 } }),
      "GET /api/memories/12": () => ({ body: created.memory }),
    });
    const { router } = renderApp("/");
    const user = await fillAndSave();
    await user.click(await screen.findByRole("button", { name: "Save Without Entities" }));
    await waitFor(() => expect(router.state.location.search).toBe("?new=true"));
    expect(requests.find((r) => r.path === "/api/memories/12/confirm-entities")?.body).toEqual({ confirmedEntities: [] });
  });

  it("keeps the confirmation open and says why when confirming fails", async () => {
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "POST /api/memories/with-validation": () => ({ status: 201, body: created }),
      "POST /api/memories/12/confirm-entities": () => ({ status: 400, body: { message: "Unknown entity", code: "unknown_entity" } }),
    });
    const { router } = renderApp("/");
    const user = await fillAndSave();
    const confirm = await screen.findByRole("dialog", { name: "Confirm AI-Extracted Entities" });
    await user.click(within(confirm).getByRole("button", { name: "Save Memory with 1 Entity" }));
    expect(await screen.findByText("Failed to confirm entities: One of the chosen entities no longer exists.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Confirm AI-Extracted Entities" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("goes straight to the memory when there is nothing to confirm", async () => {
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "POST /api/memories/with-validation": () => ({
        status: 201,
        body: { ...created, entityValidation: { needsConfirmation: false, validationResults: [] } },
      }),
      "GET /api/memories/12": () => ({ body: created.memory }),
    });
    const { router } = renderApp("/");
    await fillAndSave();
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/memories/12?new=true"));
    expect(screen.queryByRole("dialog", { name: "Confirm AI-Extracted Entities" })).not.toBeInTheDocument();
  });

  it("translates a server error code in the failure toast", async () => {
    await changeLanguage("fr");
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "POST /api/memories/with-validation": () => ({ status: 400, body: { message: "Invalid date", code: "invalid_date" } }),
    });
    renderApp("/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Nouveau souvenir" }));
    const dialog = screen.getByRole("dialog", { name: "Nouveau souvenir" });
    await user.type(within(dialog).getByLabelText("Titre"), "Marché");
    await user.type(within(dialog).getByLabelText("Récit"), "Hugo est venu.");
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer le souvenir" }));
    expect(
      await screen.findByText("Échec de la création du souvenir : La date n’est pas valide. Utilisez le format aaaa-MM-jj."),
    ).toBeInTheDocument();
  });

  it("refuses a photo of the wrong type before uploading it", async () => {
    const { requests } = signedInApi(makeUser(), { "GET /api/entities": () => ({ body: [] }) });
    renderApp("/");
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole("button", { name: "New Memory" }));
    await user.upload(screen.getByTestId("photo-input"), new File(["x"], "notes.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Invalid file type")).toBeInTheDocument();
    expect(screen.getByText("Please select a JPEG, PNG, GIF, or WebP image.")).toBeInTheDocument();
    expect(requests.some((r) => r.path === "/api/photos/upload")).toBe(false);
  });

  it("clears the preview and says why when the upload fails", async () => {
    URL.createObjectURL ??= () => "blob:preview";
    URL.revokeObjectURL ??= () => {};
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "POST /api/photos/upload": () => ({ status: 400, body: { message: "Bad multipart", code: "invalid_upload" } }),
    });
    renderApp("/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New Memory" }));
    await user.upload(screen.getByTestId("photo-input"), new File(["x"], "a.png", { type: "image/png" }));
    expect(await screen.findByText("Upload failed")).toBeInTheDocument();
    expect(screen.getByText("The file could not be sent. Please choose it again.")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Preview of the chosen photo" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove photo" })).not.toBeInTheDocument();
  });

  it("says the same as its own checks when the server refuses the photo", async () => {
    URL.createObjectURL ??= () => "blob:preview";
    URL.revokeObjectURL ??= () => {};
    const refusals = [
      { code: "image_too_large", title: "Too many pixels", body: "Please select an image of at most 50 megapixels." },
      { code: "file_too_large", title: "File too large", body: "Please select an image smaller than 10MB." },
    ];
    let refusal = 0;
    signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: [] }),
      "POST /api/photos/upload": () => {
        const { code } = refusals[refusal]!;
        return { status: code === "file_too_large" ? 413 : 400, body: { message: "English server text", code } };
      },
    });
    renderApp("/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New Memory" }));
    for (const [index, { title, body }] of refusals.entries()) {
      refusal = index;
      await user.upload(screen.getByTestId("photo-input"), new File(["x"], "big.png", { type: "image/png" }));
      expect(await screen.findByText(title)).toBeInTheDocument();
      expect(screen.getByText(body)).toBeInTheDocument();
      expect(screen.queryByRole("img", { name: "Preview of the chosen photo" })).not.toBeInTheDocument();
    }
    expect(screen.queryByText("English server text")).not.toBeInTheDocument();
  });
});

describe("create-memory dialog", () => {
  it("links preselected entities and uses a preselected date", async () => {
    const { requests } = signedInApi(makeUser(), {
      "GET /api/entities": () => ({ body: entities }),
      "POST /api/memories/with-validation": () => ({
        status: 201,
        body: { memory: memory(3), entityValidation: { needsConfirmation: false, validationResults: [] } },
      }),
    });
    const onCreated = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CreateMemoryDialog open onOpenChange={vi.fn()} onCreated={onCreated} entityIds={[4, 8]} date="2020-02-29" />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole("dialog", { name: "New memory" });
    expect(within(dialog).getByLabelText("Date")).toHaveValue("2020-02-29");
    expect(await within(dialog).findByText("Hugo")).toBeInTheDocument();
    expect(within(dialog).getByText("Lyon")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText("Title"), "Leap day");
    await user.type(within(dialog).getByLabelText("Details"), "A rare day.");
    await user.type(within(dialog).getByLabelText("Location"), " Lyon ");
    await user.click(within(dialog).getByRole("button", { name: "Save memory" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(3, []));
    expect(requests.find((r) => r.method === "POST")?.body).toMatchObject({ eventDate: "2020-02-29", entities: [4, 8], location: "Lyon" });
  });

  it("appends dictated text to the details, and says when the browser cannot dictate", async () => {
    const instances: { onresult: ((event: unknown) => void) | null; lang: string }[] = [];
    signedInApi(makeUser(), { "GET /api/entities": () => ({ body: [] }) });
    renderApp("/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New Memory" }));
    await user.click(screen.getByRole("button", { name: "Dictate" }));
    expect(await screen.findByText("Voice Recognition Not Available")).toBeInTheDocument();
    expect(screen.getByText("Your browser doesn't support voice recognition. Please type your memory manually.")).toBeInTheDocument();

    vi.stubGlobal(
      "SpeechRecognition",
      class {
        lang = "";
        continuous = false;
        interimResults = false;
        onresult: ((event: unknown) => void) | null = null;
        onerror: (() => void) | null = null;
        onend: (() => void) | null = null;
        constructor() {
          instances.push(this);
        }
        start() {}
        stop() {
          this.onend?.();
        }
        abort() {}
      },
    );
    const details = screen.getByLabelText("Details");
    await user.type(details, "Morning.");
    await user.click(screen.getByRole("button", { name: "Dictate" }));
    expect(instances[0]?.lang).toBe("en-US");
    const result = (text: string, isFinal: boolean) => Object.assign([{ transcript: text }], { isFinal });
    act(() => instances[0]?.onresult?.({ resultIndex: 0, results: [result("we swam", false)] }));
    expect(screen.getByText("we swam")).toBeInTheDocument();
    act(() => instances[0]?.onresult?.({ resultIndex: 0, results: [result("we swam in the sea", true)] }));
    expect(details).toHaveValue("Morning. we swam in the sea ");
    await user.click(screen.getByRole("button", { name: "Stop dictation" }));
    expect(screen.getByRole("button", { name: "Dictate" })).toBeInTheDocument();
  });
});

describe("/memories/:id", () => {
  it("shows the memory with its photo, entities and owner actions, titled after it", async () => {
    signedInApi(makeUser(), {
      "GET /api/memories/3": () => ({
        body: memory(3, {
          title: "Market",
          location: "Lyon",
          photo: "/api/photos/2/a.png",
          photoThumbnail: "/api/photos/2/a.thumb.jpg",
          entities: [{ id: 4, name: "Hugo", type: "person", confidence: 86 }],
        }),
      }),
    });
    renderApp("/memories/3?new=true");
    expect(await screen.findByRole("heading", { level: 1, name: "Market" })).toBeInTheDocument();
    expect(document.title).toBe("Market · Lifegraph");
    expect(screen.getByRole("img", { name: "Photo of “Market”" })).toHaveAttribute("src", "/api/photos/2/a.png");
    expect(screen.getByRole("link", { name: "Back to memories" })).toHaveAttribute("href", "/memories");
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/memories/3/edit");
    expect(screen.getByText("Hugo")).toBeInTheDocument();
    expect(screen.getByText(/Your memory is saved/)).toBeInTheDocument();
  });

  it("says when the memory does not exist", async () => {
    signedInApi(makeUser());
    renderApp("/memories/99");
    expect(await screen.findByRole("heading", { level: 1, name: "Memory not found" })).toBeInTheDocument();
    expect(screen.getByText("The memory you're looking for doesn't exist")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to memories" })).toHaveAttribute("href", "/memories");
  });
});

describe("a memory page that cannot load its memory", () => {
  it.each([
    ["/memories/3", "Memory", () => screen.findByRole("heading", { level: 1, name: "Market" })],
    ["/memories/3/edit", "Failed to load memory data for editing", () => screen.findByDisplayValue("Market")],
  ])("%s shows the failure with the server's reason and loads again on retry", async (path, heading, loaded) => {
    let fail = true;
    signedInApi(makeUser(), {
      "GET /api/memories/3": () =>
        fail ? { status: 500, body: { message: "Database unreachable", code: "internal" } } : { body: memory(3, { title: "Market" }) },
    });
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText("Database unreachable")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await loaded()).toBeInTheDocument();
  });
});

describe("/memories/:id/edit", () => {
  it("saves the changes, removes the photo and goes to the memory", async () => {
    let current = memory(3, { title: "Market", location: "Lyon", photo: "/api/photos/2/a.png", photoThumbnail: "/api/photos/2/a.thumb.jpg" });
    const { requests } = signedInApi(makeUser(), {
      "GET /api/memories/3": () => ({ body: current }),
      "PATCH /api/memories/3": ({ body }) => {
        current = { ...current, ...(body as Partial<Memory>), photoThumbnail: null };
        return { body: current };
      },
    });
    const { router } = renderApp("/memories/3/edit");
    const user = userEvent.setup();
    const title = await screen.findByLabelText("Title");
    expect(title).toHaveValue("Market");
    await user.clear(title);
    await user.type(title, "Saturday market");
    await user.clear(screen.getByLabelText("Location"));
    await user.click(screen.getByRole("button", { name: "Remove photo" }));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Memory Updated")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/memories/3"));
    expect(requests.find((r) => r.method === "PATCH")?.body).toEqual({
      title: "Saturday market",
      content: "Some words",
      eventDate: "2024-06-15",
      location: null,
      photo: null,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Saturday market" })).toBeInTheDocument();
  });

  it("says why saving failed and stays on the form", async () => {
    signedInApi(makeUser(), {
      "GET /api/memories/3": () => ({ body: memory(3, { title: "Market" }) }),
      "PATCH /api/memories/3": () => ({ status: 400, body: { message: "Title is required", code: "title_required" } }),
    });
    const { router } = renderApp("/memories/3/edit");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "!");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Failed to update memory")).toBeInTheDocument();
    expect(screen.getByText("Title is required")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/memories/3/edit");
  });

  it("says when the memory to edit does not exist, with a link to the dashboard", async () => {
    signedInApi(makeUser());
    renderApp("/memories/99/edit");
    expect(await screen.findByText("The memory you're trying to edit doesn't exist or has been deleted.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to dashboard" })).toHaveAttribute("href", "/");
  });
});

describe("Find entities (docs/rules.md, memory creation flow step 5)", () => {
  const waiting = memory(3, { title: "Market", content: "Lunch with Emma in Lyon.", entitiesPending: true });
  const proposals = {
    memory: waiting,
    entityValidation: {
      needsConfirmation: true,
      validationResults: [
        makeValidationResult({ extractedName: "Emma", extractedConfidence: 95, extractedRelationship: "sister" }),
        makeValidationResult({ extractedName: "Lyon", extractedType: "location", extractedConfidence: 91, extractedRelationship: null }),
      ],
    },
  };

  /** The page first (a cheap query), then its button: a role query over the whole page is slow in jsdom. */
  async function findEntitiesButton(name = "Find entities") {
    await screen.findByRole("heading", { level: 1, name: "Market" });
    return screen.getByRole("button", { name });
  }

  it("is offered only while the memory waits for its entities", async () => {
    signedInApi(makeUser(), { "GET /api/memories/3": () => ({ body: memory(3, { title: "Market" }) }) });
    renderApp("/memories/3");
    expect(await screen.findByRole("heading", { level: 1, name: "Market" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Find entities" })).not.toBeInTheDocument();
  });

  it("proposes the entities again, confirms them on this memory, and refreshes the memory, its lists and the entities", async () => {
    let current = waiting;
    const { requests } = signedInApi(makeUser(), {
      "GET /api/memories/3": () => ({ body: current }),
      "GET /api/entities": () => ({ body: [] }),
      "POST /api/memories/3/extract": () => ({ body: proposals }),
      "POST /api/memories/3/confirm-entities": () => {
        current = {
          ...waiting,
          entitiesPending: false,
          entities: [
            { id: 20, name: "Emma", type: "person", confidence: 95 },
            { id: 21, name: "Lyon", type: "location", confidence: 91 },
          ],
        };
        return { body: { memory: current, entitiesProcessed: 2 } };
      },
    });
    const { queryClient } = renderApp("/memories/3");
    // A memory list and the entity list already in the cache, to see them marked stale.
    queryClient.setQueryData(["memories", "list", { sortBy: "eventDate", sortOrder: "desc", filterEntity: null, search: "" }], {
      pages: [],
      pageParams: [],
    });
    const user = userEvent.setup();
    await user.click(await findEntitiesButton());
    const confirm = await screen.findByRole("dialog", { name: "Confirm AI-Extracted Entities" });
    expect(within(confirm).getByRole("combobox", { name: "Relationship (Emma)" })).toHaveTextContent("Sister");
    const entityLoads = () => requests.filter((r) => r.path === "/api/entities").length;
    await waitFor(() => expect(entityLoads()).toBe(1));
    // Toasts of earlier tests may still be in sonner's store: count the new one.
    const toasts = () => screen.queryAllByText("Entities Confirmed").length;
    const before = toasts();
    await user.click(within(confirm).getByRole("button", { name: "Save Memory with 2 Entities" }));
    await waitFor(() => expect(toasts()).toBe(before + 1));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Confirm AI-Extracted Entities" })).not.toBeInTheDocument());
    expect(requests.find((r) => r.path === "/api/memories/3/confirm-entities")?.body).toEqual({
      confirmedEntities: [
        expect.objectContaining({ action: "create_new", name: "Emma", type: "person", relationship: "sister" }),
        expect.objectContaining({ action: "create_new", name: "Lyon", type: "location" }),
      ],
    });
    const tags = within(screen.getByRole("region", { name: "Related entities" })).getAllByRole("link");
    expect(tags.map((tag) => tag.getAttribute("href"))).toEqual(["/memories?filterEntity=20", "/memories?filterEntity=21"]);
    expect(screen.queryByRole("button", { name: "Find entities" })).not.toBeInTheDocument();
    // The memory list (not shown) is stale; the entity list the dialog showed was loaded again.
    expect(queryClient.getQueryCache().findAll({ queryKey: ["memories", "list"] }).map((query) => query.state.isInvalidated)).toEqual([true]);
    expect(entityLoads()).toBe(2);
    expect(queryClient.getQueryState(entityKeys.list(null))?.dataUpdateCount).toBe(2);
  });

  it("sends nothing when the dialog is closed, and the memory still waits", async () => {
    const { requests } = signedInApi(makeUser(), {
      "GET /api/memories/3": () => ({ body: waiting }),
      "GET /api/entities": () => ({ body: [] }),
      "POST /api/memories/3/extract": () => ({ body: proposals }),
    });
    renderApp("/memories/3");
    const user = userEvent.setup();
    await user.click(await findEntitiesButton());
    const confirm = await screen.findByRole("dialog", { name: "Confirm AI-Extracted Entities" });
    await user.click(within(confirm).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requests.some((r) => r.path.endsWith("/confirm-entities"))).toBe(false);
    expect(screen.getByRole("button", { name: "Find entities" })).toBeEnabled();
  });

  it("says when there is nothing new, and the memory stops waiting", async () => {
    let current = waiting;
    signedInApi(makeUser(), {
      "GET /api/memories/3": () => ({ body: current }),
      "POST /api/memories/3/extract": () => {
        current = { ...waiting, entitiesPending: false };
        return { body: { memory: current, entityValidation: { needsConfirmation: false, validationResults: [] } } };
      },
    });
    renderApp("/memories/3");
    await userEvent.setup().click(await findEntitiesButton());
    expect(await screen.findByText("No new entities found")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Find entities" })).not.toBeInTheDocument());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says why finding failed, in French too", async () => {
    await changeLanguage("fr");
    signedInApi(makeUser(), {
      "GET /api/memories/3": () => ({ body: waiting }),
      "POST /api/memories/3/extract": () => ({ status: 500, body: { message: "boom", code: "internal_error" } }),
    });
    renderApp("/memories/3");
    await userEvent.setup().click(await findEntitiesButton("Trouver les entités"));
    const french = i18n.t("errors.codes.internal_error");
    expect(await screen.findByText(`Échec de la recherche des entités : ${french}`)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Trouver les entités" })).toBeEnabled();
  });
});

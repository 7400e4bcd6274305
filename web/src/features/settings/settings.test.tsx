import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import type { ImportJob, ImportResult, User } from "@/lib/api/types";
import { authKeys } from "@/lib/auth/keys";
import { changeLanguage } from "@/lib/i18n";
import { watchTheme } from "@/lib/theme";
import { makeUser, type RecordedRequest, signedInApi } from "@/test/api";
import { renderApp } from "@/test/render";
import { fileNameFrom } from "./api/export-data";

const navigateTo = vi.hoisted(() => vi.fn());
vi.mock("@/lib/redirect", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/redirect")>()),
  navigateTo,
}));

// Whole-app renders on a busy machine, and real 1.5 s and 2 s timers.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => navigateTo.mockReset());
afterEach(() => {
  toast.dismiss();
});

/** Not id 1 or 2: the screens must use the signed-in user's own id, whatever it is. */
const USER_ID = 7;

function me(overrides: Partial<User> = {}): User {
  return makeUser({
    id: USER_ID,
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    consents: { dataProcessingAt: "2026-03-04T10:00:00Z", termsAt: "2026-03-05T10:00:00Z" },
    ...overrides,
  });
}

type Extra = Parameters<typeof signedInApi>[1];

/**
 * The server of the settings screens: the user as it stands (a profile change is kept and read
 * back, as the real server does), the sign-in provider and the imports.
 */
function settingsApi(extra: Extra = {}, { accountUrl = null as string | null, jobs = () => [] as ImportJob[] } = {}) {
  let user = me();
  const api = signedInApi(user, {
    "GET /api/auth/user": () => ({ body: user }),
    "GET /api/auth/provider": () => ({ body: { accountUrl } }),
    [`GET /api/users/${USER_ID}/imports`]: () => ({ body: jobs() }),
    [`PATCH /api/users/${USER_ID}`]: (request) => {
      user = { ...user, ...(request.body as Partial<User>) };
      return { body: user };
    },
    "PATCH /api/auth/user": (request) => {
      user = { ...user, ...(request.body as Partial<User>) };
      return { body: user };
    },
    ...extra,
  });
  return { ...api, currentUser: () => user };
}

const changes = (requests: RecordedRequest[]) => requests.filter((request) => request.method !== "GET");

function shellName() {
  return screen.getByTestId("user-display-name");
}

function shellInitial() {
  return screen.getByTestId("user-menu-trigger").querySelector("[aria-hidden='true']")?.textContent;
}

describe("fileNameFrom", () => {
  it("reads the name of a Content-Disposition header, never a path", () => {
    expect(fileNameFrom('attachment; filename="lifegraph-export-2026-11-20.json"')).toBe("lifegraph-export-2026-11-20.json");
    expect(fileNameFrom("attachment; filename=lifegraph-export-2026-11-20.csv")).toBe("lifegraph-export-2026-11-20.csv");
    expect(fileNameFrom("attachment; filename*=UTF-8''lifegraph%20export.json")).toBe("lifegraph export.json");
    expect(fileNameFrom('attachment; filename="../../etc/passwd"')).toBe("passwd");
    expect(fileNameFrom(null)).toBeNull();
    expect(fileNameFrom("attachment")).toBeNull();
  });
});

describe("/settings", { timeout: 20_000 }, () => {
  it("opens on the profile, and each section has its own address from the buttons and the phone select", async () => {
    settingsApi();
    const user = userEvent.setup();
    const { router } = renderApp("/settings");
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 2, name: "Profile" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Settings sections" });
    expect(within(nav).getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");

    await user.click(within(nav).getByRole("link", { name: "Appearance" }));
    expect(router.state.location.pathname).toBe("/settings/appearance");
    expect(await screen.findByRole("heading", { level: 2, name: "Appearance" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 2, name: "Profile" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Appearance" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Profile" })).not.toHaveAttribute("aria-current");

    // The phone's select (hidden from 768 px by CSS, which jsdom does not apply).
    const select = screen.getByRole("combobox", { name: "Section" });
    expect(select).toHaveValue("appearance");
    await user.selectOptions(select, "data");
    expect(router.state.location.pathname).toBe("/settings/data");
    expect(await screen.findByRole("heading", { level: 2, name: "Export your data" })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Section" }), "privacy");
    expect(router.state.location.pathname).toBe("/settings/privacy");
    expect(await screen.findByRole("heading", { level: 2, name: "Your consents" })).toBeInTheDocument();
    expect(document.title).toBe("Settings · Lifegraph");
  });

  describe("profile", () => {
    it("shows the profile, the e-mail read-only, and saves to the user's own id; the shell's name and initial follow", async () => {
      const { requests } = settingsApi();
      const user = userEvent.setup();
      renderApp("/settings/profile");
      const firstName = await screen.findByLabelText("First name");
      expect(firstName).toHaveValue("Ada");
      expect(screen.getByLabelText("Last name")).toHaveValue("Lovelace");
      const email = screen.getByLabelText("E-mail");
      expect(email).toHaveValue("ada@example.com");
      expect(email).toHaveAttribute("readonly");
      expect(email).toHaveAccessibleDescription("Your e-mail is the one you signed up with; it cannot be changed.");
      await waitFor(() => expect(shellName()).toHaveTextContent("Ada Lovelace"));
      expect(shellInitial()).toBe("A");

      await user.clear(firstName);
      await user.type(firstName, "Grace");
      await user.clear(screen.getByLabelText("Last name"));
      await user.type(screen.getByLabelText("Last name"), "Hopper");
      await user.type(screen.getByLabelText("Username"), "  amazing_grace ");
      await user.type(screen.getByLabelText("Birth date"), "1906-12-09");
      await user.selectOptions(screen.getByLabelText("Gender"), "female");
      await user.click(screen.getByRole("button", { name: "Save changes" }));

      expect(await screen.findByText("Profile updated")).toBeInTheDocument();
      expect(changes(requests)).toEqual([
        {
          method: "PATCH",
          path: `/api/users/${USER_ID}`,
          body: {
            username: "amazing_grace",
            firstName: "Grace",
            lastName: "Hopper",
            birthDate: "1906-12-09",
            gender: "female",
            language: "en",
          },
        },
      ]);
      // The header changed at once, from the answer.
      expect(shellName()).toHaveTextContent("Grace Hopper");
      expect(shellInitial()).toBe("G");
      expect(screen.getByLabelText("Username")).toHaveValue("amazing_grace");
    });

    it("clears a field with null and 'none' gender with null", async () => {
      const { requests, currentUser } = settingsApi();
      const user = userEvent.setup();
      renderApp("/settings");
      await user.clear(await screen.findByLabelText("Last name"));
      await user.selectOptions(screen.getByLabelText("Gender"), "Not specified");
      await user.click(screen.getByRole("button", { name: "Save changes" }));
      await screen.findByText("Profile updated");
      const body = changes(requests)[0]?.body as Record<string, unknown>;
      expect(body).toMatchObject({ lastName: null, gender: null, birthDate: null, username: null });
      expect(body).not.toHaveProperty("email");
      // With no last name, the display name is the e-mail's local part.
      expect(currentUser().lastName).toBeNull();
      await waitFor(() => expect(shellName()).toHaveTextContent(/^ada$/));
    });

    it("shows the server's refusal of a future birth date on the field, keeping what was typed", async () => {
      const { requests } = settingsApi({
        [`PATCH /api/users/${USER_ID}`]: () => ({
          status: 400,
          body: { message: "Birth date must be a past date (yyyy-MM-dd)", code: "invalid_date" },
        }),
      });
      const user = userEvent.setup();
      renderApp("/settings/profile");
      const firstName = await screen.findByLabelText("First name");
      await user.clear(firstName);
      await user.type(firstName, "Augusta");
      await user.type(screen.getByLabelText("Birth date"), "2999-01-01");
      await user.click(screen.getByRole("button", { name: "Save changes" }));

      expect(await screen.findByText("Failed to update profile")).toBeInTheDocument();
      const birthDate = screen.getByLabelText("Birth date");
      expect(birthDate).toHaveAttribute("aria-invalid", "true");
      expect(birthDate).toHaveAccessibleDescription("The birth date must be a past date.");
      expect(birthDate).toHaveValue("2999-01-01");
      expect(firstName).toHaveValue("Augusta");
      expect(changes(requests)).toHaveLength(1);
      // Nothing changed in the shell.
      expect(shellName()).toHaveTextContent("Ada Lovelace");
    });

    it("shows any other server error in the form, translated", async () => {
      await changeLanguage("fr");
      settingsApi({
        [`PATCH /api/users/${USER_ID}`]: () => ({
          status: 400,
          body: { message: "Username is at most 100 characters", code: "validation_failed" },
        }),
      });
      const user = userEvent.setup();
      renderApp("/settings/profile");
      await user.type(await screen.findByLabelText("Nom d'utilisateur"), "ada");
      await user.click(screen.getByRole("button", { name: "Enregistrer les modifications" }));
      expect(await screen.findByRole("alert")).toHaveTextContent("Certaines informations ne sont pas valides.");
      expect(screen.getByLabelText("Nom d'utilisateur")).toHaveValue("ada");
    });

    it("refuses a name over 100 characters without asking the server", async () => {
      const { requests } = settingsApi();
      const user = userEvent.setup();
      renderApp("/settings/profile");
      const lastName = await screen.findByLabelText("Last name");
      await user.clear(lastName);
      await user.click(lastName);
      await user.paste("x".repeat(101));
      await user.click(screen.getByRole("button", { name: "Save changes" }));
      expect(await screen.findByText("At most 100 characters.")).toBeInTheDocument();
      expect(lastName).toHaveAttribute("aria-invalid", "true");
      expect(changes(requests)).toEqual([]);
    });

    it("switches the interface to the language saved in the profile", async () => {
      settingsApi();
      const user = userEvent.setup();
      renderApp("/settings/profile");
      await user.selectOptions(await screen.findByLabelText("Language"), "fr");
      await user.click(screen.getByRole("button", { name: "Save changes" }));
      expect(await screen.findByRole("heading", { level: 1, name: "Paramètres" })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe("fr");
    });
  });

  describe("password", () => {
    it("says Lifegraph holds no password and links to the provider's account page in a new tab", async () => {
      settingsApi({}, { accountUrl: "https://id.example.com/account" });
      renderApp("/settings");
      expect(await screen.findByText(/Lifegraph keeps no password/)).toBeInTheDocument();
      const link = await screen.findByRole("link", { name: /Change your password at your sign-in provider/ });
      expect(link).toHaveAttribute("href", "https://id.example.com/account");
      expect(link).toHaveAttribute("target", "_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
    });

    it("says the password is managed where one signs in when no provider page is known", async () => {
      settingsApi({}, { accountUrl: null });
      renderApp("/settings");
      expect(await screen.findByText("Your password is managed where you sign in, not in Lifegraph.")).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: /Change your password/ })).not.toBeInTheDocument();
    });

    it("never makes a link of an address that is not a web page", async () => {
      settingsApi({}, { accountUrl: "javascript:alert(1)" });
      renderApp("/settings");
      expect(await screen.findByText("Your password is managed where you sign in, not in Lifegraph.")).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: /Change your password/ })).not.toBeInTheDocument();
    });
  });

  describe("appearance", () => {
    it("changes the theme and the language, and saves both to the account", async () => {
      const { requests } = settingsApi();
      const user = userEvent.setup();
      // What main.tsx does: <html> follows the chosen theme.
      const stopWatching = watchTheme();
      onTestFinished(stopWatching);
      renderApp("/settings/appearance");
      const theme = await screen.findByRole("group", { name: "Theme" });
      expect(within(theme).getByRole("radio", { name: "Light" })).toBeChecked();
      await user.click(within(theme).getByRole("radio", { name: "Dark" }));
      expect(document.documentElement).toHaveClass("dark");
      expect(window.localStorage.getItem("lifegraph.theme")).toBe("dark");
      expect(await screen.findByText("Theme changed")).toBeInTheDocument();
      expect(within(theme).getByRole("radio", { name: "Dark" })).toBeChecked();

      await user.click(within(screen.getByRole("group", { name: "Language" })).getByRole("radio", { name: "Français" }));
      expect(await screen.findByRole("heading", { level: 1, name: "Paramètres" })).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 2, name: "Apparence" })).toBeInTheDocument();
      await waitFor(() =>
        expect(changes(requests)).toEqual([
          { method: "PATCH", path: "/api/auth/user", body: { theme: "dark" } },
          { method: "PATCH", path: "/api/auth/user", body: { language: "fr" } },
        ]),
      );
    });
  });

  describe("privacy", () => {
    it("lists both consents with the day each was given, in the locale", async () => {
      settingsApi();
      renderApp("/settings/privacy");
      expect(await screen.findByText("Given on March 4, 2026")).toBeInTheDocument();
      expect(screen.getByText("Given on March 5, 2026")).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 3, name: "Data processing" })).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 3, name: "Terms of service and age" })).toBeInTheDocument();
      expect(screen.getByText(/at least 16 years old/)).toBeInTheDocument();
    });

    it("shows the consent dates in French", async () => {
      await changeLanguage("fr");
      settingsApi();
      renderApp("/settings/privacy");
      expect(await screen.findByText("Donné le 4 mars 2026")).toBeInTheDocument();
    });

    it("opens the same cookie preferences dialog as the banner, and stores the choice", async () => {
      settingsApi();
      const user = userEvent.setup();
      renderApp("/settings/privacy");
      await user.click(await screen.findByRole("button", { name: "Cookie preferences" }));
      const dialog = await screen.findByRole("dialog", { name: "Cookie preferences" });
      expect(within(dialog).getByRole("switch", { name: "Essential" })).toBeDisabled();
      await user.click(within(dialog).getByRole("switch", { name: "Functionality" }));
      await user.click(within(dialog).getByRole("button", { name: "Save Preferences" }));
      expect(await screen.findByText("Cookie preferences saved")).toBeInTheDocument();
      expect(JSON.parse(window.localStorage.getItem("lifegraph.cookieConsent") ?? "null")).toEqual({
        essential: true,
        analytics: false,
        functionality: true,
      });
    });

    it("deletes the account only once confirmed, then forgets the user and goes to / after 2 s", async () => {
      const { requests } = settingsApi({ [`DELETE /api/users/${USER_ID}`]: () => ({ status: 204 }) });
      const user = userEvent.setup();
      const { queryClient } = renderApp("/settings/privacy");
      await user.click(await screen.findByRole("button", { name: "Delete my account" }));
      const dialog = await screen.findByRole("alertdialog", { name: "Delete your account?" });
      expect(dialog).toHaveTextContent("Your memories, entities, photos, friendships and shares are removed.");
      expect(dialog).toHaveTextContent("They cannot be recovered afterwards.");
      expect(dialog).toHaveTextContent("Feedback you sent stays, without your name or e-mail.");
      const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
      expect(confirm).toBeDisabled();
      await user.type(within(dialog).getByLabelText("Type DELETE to confirm"), "delet");
      expect(confirm).toBeDisabled();
      await user.type(within(dialog).getByLabelText("Type DELETE to confirm"), "e");
      expect(confirm).toBeEnabled();
      let userWhenLeaving: unknown = "not yet";
      navigateTo.mockImplementation(() => {
        userWhenLeaving = queryClient.getQueryData(authKeys.user());
      });
      await user.click(confirm);

      expect(await screen.findByText("Account deleted")).toBeInTheDocument();
      const deletedAt = Date.now();
      expect(changes(requests)).toEqual([{ method: "DELETE", path: `/api/users/${USER_ID}`, body: undefined }]);
      expect(navigateTo).not.toHaveBeenCalled();
      await waitFor(() => expect(navigateTo).toHaveBeenCalledWith("/"));
      expect(Date.now() - deletedAt).toBeGreaterThanOrEqual(1_500);
      expect(userWhenLeaving).toBeNull();
      expect(queryClient.getQueryCache().getAll().map((query) => query.queryKey)).toEqual([authKeys.user()]);
    });

    it("keeps everything when the deletion fails, with the server's reason", async () => {
      settingsApi({
        [`DELETE /api/users/${USER_ID}`]: () => ({
          status: 500,
          body: { message: "Something went wrong on our side. Please try again.", code: "internal_error" },
        }),
      });
      const user = userEvent.setup();
      const { queryClient } = renderApp("/settings/privacy");
      await user.click(await screen.findByRole("button", { name: "Delete my account" }));
      const dialog = await screen.findByRole("alertdialog");
      await user.type(within(dialog).getByLabelText("Type DELETE to confirm"), "DELETE");
      await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
      expect(await screen.findByText("Failed to delete account. Please try again or contact support.")).toBeInTheDocument();
      expect(screen.getByText("Something went wrong on our side. Please try again.")).toBeInTheDocument();
      // Still signed in, still here, and the dialog can be tried again.
      await new Promise((resolve) => setTimeout(resolve, 2_200));
      expect(navigateTo).not.toHaveBeenCalled();
      expect(queryClient.getQueryData(authKeys.user())).toMatchObject({ id: USER_ID });
      expect(within(dialog).getByRole("button", { name: "Delete my account" })).toBeEnabled();
    });
  });

  describe("data", () => {
    afterEach(() => {
      Reflect.deleteProperty(URL, "createObjectURL");
      Reflect.deleteProperty(URL, "revokeObjectURL");
    });

    /** Answers the export itself (with the headers mockApi cannot set), and records the saved file. */
    function serveExport(fetchMock: ReturnType<typeof vi.fn>, body: string, type: string, name: string) {
      const base = fetchMock.getMockImplementation()!;
      const asked: string[] = [];
      vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(String(input), init);
        const url = new URL(request.url);
        if (url.pathname === `/api/users/${USER_ID}/export`) {
          asked.push(url.search);
          return new Response(body, {
            status: 200,
            headers: { "Content-Type": type, "Content-Disposition": `attachment; filename="${name}"` },
          });
        }
        return base(input, init);
      });
      const saved: { href: string; download: string }[] = [];
      const blobs = new Map<string, Blob>();
      let next = 0;
      // jsdom has no object URLs: these stand in, and go after the test.
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          const href = `blob:test/${++next}`;
          blobs.set(href, blob);
          return href;
        },
        revokeObjectURL: () => {},
      });
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.getAttribute("href") ?? "", download: this.download });
      });
      return { asked, saved, blobs };
    }

    it("exports CSV as a file named by the server and says so", async () => {
      const { fetchMock } = settingsApi();
      const csv = "id,title,eventDate\n1,Beach day,2024-06-15\n";
      const { asked, saved, blobs } = serveExport(fetchMock, csv, "text/csv; charset=utf-8", "lifegraph-export-2026-11-20.csv");
      const user = userEvent.setup();
      renderApp("/settings/data");
      await user.click(await screen.findByRole("button", { name: "Export CSV" }));
      expect(await screen.findByText("Data exported")).toBeInTheDocument();
      expect(asked).toEqual(["?format=csv"]);
      expect(saved).toHaveLength(1);
      expect(saved[0]?.download).toBe("lifegraph-export-2026-11-20.csv");
      expect(await blobs.get(saved[0]!.href)?.text()).toBe(csv);
    });

    it("exports JSON the same way", async () => {
      const { fetchMock } = settingsApi();
      const json = JSON.stringify({ exportedAt: "2026-11-20T10:00:00Z", memories: [{ id: 1, title: "Beach day" }] });
      const { asked, saved, blobs } = serveExport(fetchMock, json, "application/json", "lifegraph-export-2026-11-20.json");
      const user = userEvent.setup();
      renderApp("/settings/data");
      await user.click(await screen.findByRole("button", { name: "Export JSON" }));
      expect(await screen.findByText("Data exported")).toBeInTheDocument();
      expect(asked).toEqual(["?format=json"]);
      expect(saved[0]?.download).toBe("lifegraph-export-2026-11-20.json");
      expect(JSON.parse((await blobs.get(saved[0]!.href)?.text()) ?? "null")).toEqual(JSON.parse(json));
    });

    it("says why an export failed, saving nothing", async () => {
      settingsApi({
        [`GET /api/users/${USER_ID}/export`]: () => ({ status: 500, body: { message: "Something went wrong on our side. Please try again.", code: "internal_error" } }),
      });
      const click = vi.spyOn(HTMLAnchorElement.prototype, "click");
      const user = userEvent.setup();
      renderApp("/settings/data");
      await user.click(await screen.findByRole("button", { name: "Export JSON" }));
      expect(await screen.findByText("Failed to export data")).toBeInTheDocument();
      expect(click).not.toHaveBeenCalled();
    });

    it("offers the full archive as a plain download link to the user's own archive", async () => {
      settingsApi();
      renderApp("/settings/data");
      const link = await screen.findByRole("link", { name: "Download the archive (.zip)" });
      expect(link).toHaveAttribute("href", `/api/users/${USER_ID}/archive`);
      expect(link).toHaveAttribute("download");
    });
  });

  describe("import", () => {
    /** An XMLHttpRequest that records what is sent and answers as told, with upload progress. */
    function fakeUpload(answer: { status: number; body: unknown }) {
      const sent: { method: string; url: string; body: FormData }[] = [];
      class FakeRequest extends EventTarget {
        status = 0;
        statusText = "";
        responseText = "";
        withCredentials = false;
        upload = new EventTarget();
        private method = "";
        private url = "";
        open(method: string, url: string) {
          this.method = method;
          this.url = url;
        }
        setRequestHeader() {}
        send(body: FormData) {
          sent.push({ method: this.method, url: this.url, body });
          setTimeout(() => {
            this.upload.dispatchEvent(Object.assign(new Event("progress"), { lengthComputable: true, loaded: 50, total: 100 }));
          }, 10);
          setTimeout(() => {
            this.status = answer.status;
            this.statusText = answer.status === 200 ? "OK" : "Bad Request";
            this.responseText = JSON.stringify(answer.body);
            this.dispatchEvent(new Event("load"));
          }, 300);
        }
      }
      vi.stubGlobal("XMLHttpRequest", FakeRequest);
      return sent;
    }

    function job(overrides: Partial<ImportJob> = {}): ImportJob {
      return { id: 4, format: "dayOne", total: 3, done: 0, toConfirm: 0, createdAt: "2026-11-20T10:00:00Z", finishedAt: null, ...overrides };
    }

    const zip = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], "journal.zip", { type: "application/zip" });

    it("uploads the zip, shows what came in, then the extraction's progress until it is done", async () => {
      // The server's imports: none before, then the job moving on at each poll.
      const states: ImportJob[][] = [
        [],
        [job({ done: 1 })],
        [job({ done: 3, toConfirm: 2, finishedAt: "2026-11-20T10:00:05Z" })],
      ];
      let polls = 0;
      const { requests } = settingsApi({}, { jobs: () => states[Math.min(polls++, states.length - 1)]! });
      const result: ImportResult = { format: "dayOne", memories: 3, entities: 0, photos: 1, photosSkipped: 1, job: job() };
      const sent = fakeUpload({ status: 200, body: result });
      const user = userEvent.setup();
      renderApp("/settings/data");
      // The formats accepted are explained.
      const formats = await screen.findByText("Accepted formats (a .zip file of at most 512 MB):");
      const listed = within(formats.nextElementSibling as HTMLElement).getAllByRole("listitem").map((item) => item.textContent);
      expect(listed.map((text) => text?.split(" — ")[0])).toEqual(["Lifegraph archive", "Day One", "Journiv", "Memos"]);
      expect(screen.getByLabelText("Export file (.zip)")).toHaveAttribute("accept", expect.stringContaining(".zip"));
      await waitFor(() => expect(polls).toBe(1));

      const file = zip();
      await user.upload(screen.getByLabelText("Export file (.zip)"), file);
      await user.click(screen.getByRole("button", { name: "Import" }));
      expect(await screen.findByText("Sending the file: 50%")).toBeInTheDocument();

      expect(await screen.findByText("Import finished")).toBeInTheDocument();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ method: "POST", url: `/api/users/${USER_ID}/import` });
      expect(sent[0]!.body.get("file")).toBe(file);
      const summary = screen.getByRole("region", { name: "Imported from Day One" });
      const figures = Object.fromEntries(
        within(summary).getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
      expect(figures).toEqual({ Memories: "3", Entities: "0", Photos: "1", "Photos skipped": "1" });

      // The imports are asked for again, then polled while the extraction runs.
      expect(await screen.findByText("Finding entities: 1 of 3 memories")).toBeInTheDocument();
      expect(screen.getByRole("progressbar", { name: /Day One/ })).toHaveAttribute("aria-valuenow", "33");
      expect(await screen.findByText("2 memories have entities for you to confirm.")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Go to your memories" })).toHaveAttribute("href", "/memories");
      expect(screen.queryByRole("progressbar", { name: /Day One/ })).not.toBeInTheDocument();
      // Once done, the polling stops.
      const asked = polls;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(polls).toBe(asked);
      expect(requests.filter((r) => r.path === `/api/users/${USER_ID}/imports`).length).toBe(asked);
    });

    it("shows the latest imports and a running extraction when the tab opens (after a reload)", async () => {
      const jobs = [
        job({ id: 9, done: 40, total: 160 }),
        job({ id: 8, format: "memos", total: 5, done: 5, toConfirm: 0, finishedAt: "2026-11-19T10:00:00Z" }),
        job({ id: 7, format: "journiv", total: 2, done: 2, toConfirm: 1, finishedAt: "2026-11-18T10:00:00Z" }),
        job({ id: 6, format: "dayOne", total: 2, done: 2, toConfirm: 1, finishedAt: "2026-11-17T10:00:00Z", createdAt: "2026-11-17T10:00:00Z" }),
      ];
      settingsApi({}, { jobs: () => jobs });
      renderApp("/settings/data");
      expect(await screen.findByText("Finding entities: 40 of 160 memories")).toBeInTheDocument();
      const list = screen.getByRole("region", { name: "Recent imports" });
      expect(within(list).getAllByRole("listitem")).toHaveLength(3);
      expect(within(list).getByText("No entities wait for your confirmation.")).toBeInTheDocument();
      expect(within(list).getByText("1 memory has entities for you to confirm.")).toBeInTheDocument();
      expect(within(list).getByText("Memos · November 20, 2026")).toBeInTheDocument();
    });

    it("shows the server's reason for a refused archive", async () => {
      settingsApi();
      fakeUpload({
        status: 400,
        body: { message: "This file is not a Lifegraph archive or a Day One export (a .zip file)", code: "invalid_archive" },
      });
      const user = userEvent.setup();
      renderApp("/settings/data");
      await user.upload(await screen.findByLabelText("Export file (.zip)"), zip());
      await user.click(screen.getByRole("button", { name: "Import" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(
        "This file is not a Lifegraph archive or a Day One export, or it cannot be read safely.",
      );
      expect(screen.getByText("Import failed")).toBeInTheDocument();
      expect(screen.queryByRole("region", { name: /Imported from/ })).not.toBeInTheDocument();
    });

    it("says when the archive is too large for the server", async () => {
      settingsApi();
      fakeUpload({ status: 413, body: { message: "The file is larger than 512 MB", code: "file_too_large" } });
      const user = userEvent.setup();
      renderApp("/settings/data");
      await user.upload(await screen.findByLabelText("Export file (.zip)"), zip());
      await user.click(screen.getByRole("button", { name: "Import" }));
      expect(await screen.findByRole("alert")).toHaveTextContent("The file is larger than 512 MB.");
    });

    it("asks for a file before sending anything", async () => {
      settingsApi();
      const sent = fakeUpload({ status: 200, body: {} });
      const user = userEvent.setup();
      renderApp("/settings/data");
      await user.click(await screen.findByRole("button", { name: "Import" }));
      expect(await screen.findByRole("alert")).toHaveTextContent("Choose a .zip file first.");
      expect(sent).toEqual([]);
    });
  });
});

import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { makeUser, signedInApi, signedOutApi, type RecordedRequest } from "@/test/api";
import { renderApp } from "@/test/render";
import { plausibleEmail } from "./email";

configure({ asyncUtilTimeout: 5000 });

// Sonner keeps its toasts between tests: each test starts with none.
afterEach(() => {
  toast.dismiss();
});

const sent = (requests: RecordedRequest[]) => requests.filter((r) => r.method === "POST" && r.path === "/api/feedback");

function fields() {
  return {
    feedbackType: screen.getByRole("radio", { name: /Feedback or suggestion/ }),
    bugType: screen.getByRole("radio", { name: /Bug report/ }),
    subject: screen.getByRole("textbox", { name: /Subject/ }),
    message: screen.getByRole("textbox", { name: "Message" }),
    send: screen.getByRole("button", { name: "Send" }),
  };
}

describe("/feedback signed out", { timeout: 20_000 }, () => {
  it("is open to visitors, in the public layout, and asks for a name and an e-mail", async () => {
    signedOutApi();
    const { router } = renderApp("/feedback");
    expect(await screen.findByRole("heading", { level: 1, name: "Feedback" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/feedback");
    expect(document.title).toBe("Feedback · Lifegraph");
    const name = screen.getByRole("textbox", { name: "Your name" });
    const email = screen.getByRole("textbox", { name: "Your e-mail address" });
    expect(name).toBeRequired();
    expect(email).toBeRequired();
    expect(email).toHaveAttribute("type", "email");
    expect(fields().message).toHaveAttribute("rows", "6");
    expect(fields().feedbackType).toBeChecked();
    // The public header, not the app's shell.
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacy policy" })).toBeInTheDocument();
  });

  it("says what is missing with a toast and sends nothing", async () => {
    const { requests } = signedOutApi();
    const user = userEvent.setup();
    renderApp("/feedback");
    await screen.findByRole("heading", { level: 1, name: "Feedback" });
    // Nothing written, or only spaces: the message is asked for first.
    await user.type(fields().message, "   ");
    await user.click(fields().send);
    expect(await screen.findByText("Please enter your feedback message.")).toBeInTheDocument();
    expect(fields().message).toHaveFocus();

    await user.type(fields().message, "The timeline is lovely.");
    await user.type(screen.getByRole("textbox", { name: "Your name" }), "Grace");
    await user.click(fields().send);
    expect(await screen.findByText("Please provide your name and email address.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Your e-mail address" })).toHaveFocus();

    await user.type(screen.getByRole("textbox", { name: "Your e-mail address" }), "grace@localhost");
    await user.click(fields().send);
    expect(await screen.findByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(sent(requests)).toHaveLength(0);
  });

  it("sends trimmed texts with the name and e-mail, thanks, and starts again as feedback", async () => {
    const { requests } = signedOutApi({ "POST /api/feedback": () => ({ status: 201, body: { id: 9 } }) });
    const user = userEvent.setup();
    renderApp("/feedback");
    await screen.findByRole("heading", { level: 1, name: "Feedback" });
    expect(screen.getByText(/Share your thoughts, suggestions or ideas/)).toBeInTheDocument();
    await user.click(fields().bugType);
    // The hint follows the type.
    expect(screen.getByText(/Describe what you did, what you expected/)).toBeInTheDocument();
    expect(screen.queryByText(/Share your thoughts, suggestions or ideas/)).not.toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Your name" }), "  Grace Hopper ");
    await user.type(screen.getByRole("textbox", { name: "Your e-mail address" }), " grace@example.com ");
    await user.type(fields().subject, "  Save button  ");
    await user.type(fields().message, "  Nothing happens when I save.  ");
    await user.click(fields().send);

    expect(await screen.findByText("Thank you for your feedback!")).toBeInTheDocument();
    expect(sent(requests).map((r) => r.body)).toEqual([
      {
        type: "bug",
        subject: "Save button",
        message: "Nothing happens when I save.",
        userName: "Grace Hopper",
        userEmail: "grace@example.com",
      },
    ]);
    await waitFor(() => expect(fields().message).toHaveValue(""));
    expect(fields().subject).toHaveValue("");
    expect(screen.getByRole("textbox", { name: "Your name" })).toHaveValue("");
    expect(screen.getByRole("textbox", { name: "Your e-mail address" })).toHaveValue("");
    expect(fields().feedbackType).toBeChecked();
    expect(fields().bugType).not.toBeChecked();
  });

  it("keeps everything written when sending fails, and says to wait when sending too often", async () => {
    let answer = { status: 500, body: { message: "Something went wrong on our side. Please try again.", code: "internal_error" } };
    const { requests } = signedOutApi({ "POST /api/feedback": () => answer });
    const user = userEvent.setup();
    renderApp("/feedback");
    await screen.findByRole("heading", { level: 1, name: "Feedback" });
    await user.type(screen.getByRole("textbox", { name: "Your name" }), "Grace");
    await user.type(screen.getByRole("textbox", { name: "Your e-mail address" }), "grace@example.com");
    await user.click(fields().bugType);
    await user.type(fields().subject, "Crash");
    await user.type(fields().message, "It crashed.");
    await user.click(fields().send);

    expect(await screen.findByText("Failed to submit feedback. Please try again.")).toBeInTheDocument();
    expect(fields().message).toHaveValue("It crashed.");
    expect(fields().subject).toHaveValue("Crash");
    expect(fields().bugType).toBeChecked();
    expect(screen.getByRole("textbox", { name: "Your name" })).toHaveValue("Grace");

    toast.dismiss();
    answer = { status: 429, body: { message: "Too many attempts. Please wait a moment and try again.", code: "rate_limited" } };
    await user.click(fields().send);
    expect(await screen.findByText("Too many attempts. Please wait a moment and try again.")).toBeInTheDocument();
    expect(fields().message).toHaveValue("It crashed.");
    expect(sent(requests)).toHaveLength(2);
  });

  it("speaks French, with its accents", async () => {
    signedOutApi({
      "POST /api/feedback": () => ({ status: 500, body: { message: "Something went wrong on our side. Please try again.", code: "internal_error" } }),
    });
    await changeLanguage("fr");
    const user = userEvent.setup();
    renderApp("/feedback");
    expect(await screen.findByRole("heading", { level: 1, name: "Commentaires" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByText("Veuillez saisir votre message.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Bonjour");
    await user.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByText("Veuillez indiquer votre nom et votre adresse e-mail.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Votre nom" }), "Élise");
    await user.type(screen.getByRole("textbox", { name: "Votre adresse e-mail" }), "elise@example.fr");
    await user.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByText("Échec de la soumission du feedback. Veuillez réessayer.")).toBeInTheDocument();
  });
});

describe("/feedback signed in", { timeout: 20_000 }, () => {
  it("asks for no name or e-mail, sends none, and shows a spinner while sending", async () => {
    let release = () => {};
    const { requests } = signedInApi(makeUser({ firstName: "Ada", lastName: "Lovelace" }), {
      "POST /api/feedback": () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, body: { id: 3 } });
        }),
    });
    const user = userEvent.setup();
    renderApp("/feedback");
    expect(await screen.findByRole("heading", { level: 1, name: "Feedback" })).toBeInTheDocument();
    // Inside the app's shell.
    expect(screen.getAllByRole("navigation", { name: "Main navigation" }).length).toBeGreaterThan(0);
    expect(screen.getByText(/You are sending this as Ada Lovelace/)).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Your name" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Your e-mail address" })).not.toBeInTheDocument();

    await user.type(fields().message, "Could periods have colours?");
    await user.click(fields().send);
    const busy = await screen.findByRole("button", { name: "Sending…" });
    expect(busy).toBeDisabled();
    release();
    expect(await screen.findByText("Thank you for your feedback!")).toBeInTheDocument();
    expect(sent(requests).map((r) => r.body)).toEqual([{ type: "feedback", subject: null, message: "Could periods have colours?" }]);
    await waitFor(() => expect(fields().message).toHaveValue(""));
    expect(within(screen.getByRole("main")).getByRole("button", { name: "Send" })).toBeEnabled();
  });
});

describe("plausibleEmail", () => {
  it("accepts what the server accepts", () => {
    for (const good of ["a@b.fr", "élise.dupont@example.org", "x+tag@sub.example.co.uk"]) expect(plausibleEmail(good)).toBe(true);
    for (const bad of ["", "a", "a@b", "@b.fr", "a@@b.fr", "a b@c.fr", "a@.fr", "a@b.fr."]) expect(plausibleEmail(bad)).toBe(false);
  });
});

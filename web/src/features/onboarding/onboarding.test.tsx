import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Entity, OnboardingStep, User } from "@/lib/api/types";
import { makeUser, signedInApi, type RecordedRequest } from "@/test/api";
import { makeEntity, makeMemory } from "@/test/builders";
import { renderApp } from "@/test/render";

interface OnboardingApi {
  step: OnboardingStep;
  user?: User;
  people?: Entity[];
  periods?: Entity[];
  extra?: Parameters<typeof signedInApi>[1];
}

/** The onboarding flow's server; `state.step` is where the writer's data stops, as the server reads it. */
function onboardingApi({ step, user = makeUser(), people = [], periods = [], extra = {} }: OnboardingApi) {
  const state = { step };
  const api = signedInApi(user, {
    "GET /api/onboarding/progress": () => ({ body: { currentStep: state.step, skippedAt: null } }),
    "POST /api/onboarding/progress": ({ body }) => {
      state.step = (body as { currentStep: OnboardingStep }).currentStep;
      return { body: { currentStep: state.step, skippedAt: null } };
    },
    "POST /api/onboarding/skip": () => ({ body: { currentStep: state.step, skippedAt: "2026-11-02T10:00:00Z" } }),
    "GET /api/entities": (_, query) => ({ body: query.get("type") === "lifePeriod" ? periods : people }),
    "GET /api/onboarding/suggestions": () => ({ body: { birthDate: null, people: [], lifePeriods: { hierarchical: [], flat: [] } } }),
    "GET /api/dashboard/stats": () => ({
      body: {
        memories: { total: 0, thisMonth: 0, withPhotos: 0, withoutPhotos: 0 },
        entities: { total: 0, thisMonth: 0, byType: { person: 0, location: 0, lifePeriod: 0, event: 0, emotion: 0, object: 0, activity: 0 } },
        activity: { topPeople: [], topEvents: [] },
      },
    }),
    "GET /api/tutorial/should-show-banner": () => ({ body: { showBanner: false } }),
    "GET /api/memories": () => ({ body: { items: [], nextCursor: null } }),
    ...extra,
  });
  return { ...api, state };
}

const posts = (requests: RecordedRequest[], path: string) => requests.filter((request) => request.method === "POST" && request.path === path);

describe("/onboarding", () => {
  it("resumes where the writer's data stops, with the step of 5", async () => {
    onboardingApi({ step: "life_periods" });
    renderApp("/onboarding");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to Lifegraph" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 2, name: "The periods of your life" })).toBeInTheDocument();
    expect(screen.getByText("Step 3 of 5: Life periods")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Setup progress" })).toHaveAttribute("aria-valuenow", "3");
    // The same minimum as the tutorial.
    expect(screen.getByText("At least 1 period is needed to complete the setup.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
  });

  it("saves the profile with its first name required, then goes where the server says", async () => {
    const { requests, state } = onboardingApi({
      step: "profile",
      user: makeUser({ firstName: null, lastName: null }),
      extra: {
        "PATCH /api/users/2": ({ body }) => {
          state.step = "people";
          return { body: makeUser(body as Partial<User>) };
        },
      },
    });
    renderApp("/onboarding");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 2, name: "About you" });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Your first name is required.")).toBeInTheDocument();
    expect(requests.some((request) => request.method === "PATCH")).toBe(false);
    await user.type(screen.getByLabelText("First name"), "  Ada ");
    await user.type(screen.getByLabelText("Birth date"), "1815-12-10");
    await user.selectOptions(screen.getByLabelText("Gender"), "prefer-not-to-say");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { level: 2, name: "The people in your life" })).toBeInTheDocument();
    expect(requests.find((request) => request.method === "PATCH")?.body).toEqual({
      firstName: "Ada",
      lastName: null,
      birthDate: "1815-12-10",
      gender: "prefer-not-to-say",
    });
    expect(screen.getByText("Step 2 of 5: People")).toBeInTheDocument();
    // The people step is the tutorial's, with its minimum.
    expect(screen.getByText("At least 3 people are needed to continue.")).toBeInTheDocument();
  });

  it("passes the optional first memory with Skip for now and ends on the completion page", async () => {
    const { requests } = onboardingApi({ step: "first_memory" });
    renderApp("/onboarding");
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { level: 2, name: "Your first memory (optional)" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Skip for now" }));
    const card = await screen.findByRole("region", { name: "Your life graph has begun" });
    expect(posts(requests, "/api/onboarding/progress").map((request) => request.body)).toEqual([{ currentStep: "completion" }]);
    expect(screen.getByText("Step 5 of 5: Done")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Go to dashboard" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    // The onboarding flow does not complete the tutorial.
    expect(posts(requests, "/api/tutorial/complete")).toHaveLength(0);
  });

  it("writes the first memory, then moves past it", async () => {
    const { requests } = onboardingApi({
      step: "first_memory",
      extra: {
        "POST /api/memories/with-validation": () => ({
          status: 201,
          body: { memory: makeMemory(3), entityValidation: { needsConfirmation: false, validationResults: [] } },
        }),
      },
    });
    renderApp("/onboarding");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 2, name: "Your first memory (optional)" });
    await user.type(screen.getByLabelText("Title"), "First day");
    await user.type(screen.getByLabelText("Details"), "It rained.");
    await user.click(screen.getByRole("button", { name: "Save my first memory" }));
    await user.click(await screen.findByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("region", { name: "Your life graph has begun" })).toBeInTheDocument();
    expect(posts(requests, "/api/memories/with-validation")).toHaveLength(1);
    expect(posts(requests, "/api/onboarding/progress")).toHaveLength(1);
  });

  it("skips the flow and goes to the dashboard", async () => {
    const { requests } = onboardingApi({
      step: "people",
      people: [makeEntity(1, "Ada", "person", { metadata: { category: "myself" } })],
    });
    renderApp("/onboarding");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 2, name: "The people in your life" });
    await user.click(screen.getByRole("button", { name: "Skip setup" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(posts(requests, "/api/onboarding/skip")).toHaveLength(1);
  });
});

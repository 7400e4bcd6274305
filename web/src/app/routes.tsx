import { Navigate, Route, Routes, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BetaNotice } from "@/components/beta-notice";
import { CookieConsentBanner } from "@/components/cookie-consent-banner";
import { LanguageSwitcher } from "@/components/language-switcher";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { AdminPage } from "@/features/admin/routes/admin-page";
import { ConsentScreen } from "@/features/auth/components/consent-screen";
import { LoginPage } from "@/features/auth/routes/login-page";
import { RegisterPage } from "@/features/auth/routes/register-page";
import { DashboardPage } from "@/features/dashboard/routes/dashboard-page";
import { EntitiesPage } from "@/features/entities/routes/entities-page";
import { EntityListPage } from "@/features/entities/routes/entity-list-page";
import { FeedbackPage } from "@/features/feedback/routes/feedback-page";
import { FriendAcceptPage } from "@/features/friends/routes/friend-accept-page";
import { FriendsPage } from "@/features/friends/routes/friends-page";
import { LandingPage } from "@/features/landing/routes/landing-page";
import { PrivacyPolicyPage } from "@/features/legal/routes/privacy-policy-page";
import { TermsOfServicePage } from "@/features/legal/routes/terms-of-service-page";
import { MemoriesPage } from "@/features/memories/routes/memories-page";
import { MemoryDetailPage } from "@/features/memories/routes/memory-detail-page";
import { MemoryEditPage } from "@/features/memories/routes/memory-edit-page";
import { OnboardingPage } from "@/features/onboarding/routes/onboarding-page";
import { SettingsPage } from "@/features/settings/routes/settings-page";
import { SharedMemoryPage } from "@/features/sharing/routes/shared-memory-page";
import { TimelinePage } from "@/features/timeline/routes/timeline-page";
import { TutorialPage } from "@/features/tutorial/routes/tutorial-page";
import { errorMessage } from "@/lib/api/errors";
import type { User } from "@/lib/api/types";
import { hasGivenConsents, useCurrentUser } from "@/lib/auth/get-user";
import { safeRedirect } from "@/lib/redirect";
import { PreferenceSync } from "./preference-sync";
import { PublicLayout } from "./public-layout";
import { AppShell } from "./shell/app-shell";
import { MAIN_ID, SkipLink } from "./skip-link";

/** Paths that exist only signed in: a signed-out visit goes to / and comes back after sign-in. */
const signedInPaths = [
  "/memories",
  "/timeline",
  "/entities",
  "/friends",
  "/settings",
  "/tutorial",
  "/onboarding",
  "/admin",
];

/** The whole app: overlays, then the signed-out or signed-in routes depending on the session. */
export function AppRoutes() {
  return (
    <>
      <SkipLink />
      <BetaNotice />
      <SessionRoutes />
      <CookieConsentBanner />
    </>
  );
}

function SessionRoutes() {
  const { data: user, isPending, isError, error, refetch } = useCurrentUser();
  const { t } = useTranslation();
  if (isPending) {
    return (
      <main id={MAIN_ID} tabIndex={-1} className="flex min-h-dvh items-center justify-center outline-none">
        <Spinner label={t("common.loading")} />
      </main>
    );
  }
  if (isError) {
    return (
      <main id={MAIN_ID} tabIndex={-1} className="flex min-h-dvh flex-col items-center justify-center gap-4 p-4 text-center outline-none">
        <h1 className="text-xl font-semibold">{t("errors.serverUnavailable")}</h1>
        <p className="text-muted-foreground">{errorMessage(error, t)}</p>
        <Button onClick={() => void refetch()}>{t("common.retry")}</Button>
      </main>
    );
  }
  if (!user) return <SignedOutRoutes />;
  return (
    <>
      <PreferenceSync user={user} />
      {hasGivenConsents(user) ? (
        <SignedInRoutes user={user} />
      ) : (
        <ConsentLayout />
      )}
    </>
  );
}

/** The consent screen with a header to change language or theme before accepting. */
function ConsentLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          <Logo />
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <ConsentScreen />
      </main>
    </div>
  );
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-of-service" element={<TermsOfServicePage />} />
        <Route path="shared/:token" element={<SharedMemoryPage />} />
        <Route path="friends/accept" element={<FriendAcceptPage />} />
        {/* Visitors send feedback too, with their name and e-mail (docs/screens.md). */}
        <Route path="feedback" element={<FeedbackPage />} />
      </Route>
      <Route path="*" element={<SignedOutFallback />} />
    </Routes>
  );
}

/** Any other path goes to /; a signed-in page is kept as `redirect` so sign-in returns to it. */
function SignedOutFallback() {
  const location = useLocation();
  const isSignedInPage = signedInPaths.some(
    (path) => location.pathname === path || location.pathname.startsWith(`${path}/`),
  );
  if (!isSignedInPage) return <Navigate to="/" replace />;
  const redirect = `${location.pathname}${location.search}`;
  return <Navigate to={`/?redirect=${encodeURIComponent(redirect)}`} replace />;
}

function SignedInRoutes({ user }: { user: User }) {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<SignedInHome />} />
        <Route path="memories" element={<MemoriesPage />} />
        <Route path="memories/:id" element={<MemoryDetailPage />} />
        <Route path="memories/:id/edit" element={<MemoryEditPage />} />
        <Route path="timeline" element={<TimelinePage />} />
        <Route path="entities" element={<EntitiesPage />} />
        <Route path="entities/:entityType" element={<EntityListPage />} />
        <Route path="friends" element={<FriendsPage />} />
        <Route path="friends/accept" element={<FriendAcceptPage />} />
        <Route path="feedback" element={<FeedbackPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="settings/:tab" element={<SettingsPage />} />
        <Route path="tutorial" element={<TutorialPage />} />
        <Route path="onboarding" element={<OnboardingPage />} />
        <Route path="admin" element={user.isAdmin ? <AdminPage /> : <Navigate to="/" replace />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-of-service" element={<TermsOfServicePage />} />
        <Route path="shared/:token" element={<SharedMemoryPage />} />
      </Route>
      <Route path="login" element={<KeepRedirect />} />
      <Route path="register" element={<KeepRedirect />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** docs/screens.md: the dashboard, unless a `redirect` parameter names the page to go to. */
function SignedInHome() {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));
  if (redirect && redirect !== "/") return <Navigate to={redirect} replace />;
  return <DashboardPage />;
}

/** /login and /register go to / when signed in, keeping a `redirect` parameter. */
function KeepRedirect() {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));
  return <Navigate to={redirect ? `/?redirect=${encodeURIComponent(redirect)}` : "/"} replace />;
}

import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/page-heading";
import { Card, CardContent } from "@/components/ui/card";
import { useCurrentUser } from "@/lib/auth/get-user";
import { displayName } from "@/lib/user-display";
import { cn } from "@/lib/utils";
import { FeedbackForm } from "../components/feedback-form";

/**
 * docs/screens.md "Feedback": a comment or a bug report, from a visitor (who gives a name and an e-mail) or
 * from a signed-in writer (inside the app's shell).
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  return (
    // Signed out, the page sits in the public layout, which has no padding of its own.
    <div className={cn("mx-auto w-full max-w-2xl", !signedIn && "px-4 py-10")}>
      <PageHeading title={t("titles.feedback")} className="mb-2" />
      <p className="mb-6 text-muted-foreground">{t("feedback.intro")}</p>
      <Card>
        <CardContent className="pt-6">
          {user && (
            <p className="mb-6 rounded-lg border bg-muted/40 p-3 text-sm">
              {t("feedback.sendingAs", { name: displayName(user, t("feedback.you")) })}
            </p>
          )}
          <FeedbackForm signedIn={signedIn} />
        </CardContent>
      </Card>
    </div>
  );
}

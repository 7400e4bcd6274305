import { BarChart3, MessagesSquare, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api/errors";
import { useCurrentUser } from "@/lib/auth/get-user";
import { useAdminFeedback, useAdminStats } from "../api/admin";
import { CategoryBreakdowns } from "../components/category-breakdowns";
import { FeedbackList } from "../components/feedback-list";
import { MetricsTable } from "../components/metrics-table";

/**
 * docs/screens.md "Admin": the system metrics and the feedback list, for the administrator (the user with
 * id 1) alone; anyone else goes to the dashboard (the server refuses them with 403 anyway).
 */
export function AdminPage() {
  const { data: user } = useCurrentUser();
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <AdminContent />;
}

function AdminContent() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10">
      <div>
        <PageHeading title={t("titles.admin")} className="mb-2" />
        {/* docs/rules.md: the privacy text says administrator access is logged; so it is, and said here. */}
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("admin.accessLogged")}
        </p>
      </div>
      <Section icon={<BarChart3 aria-hidden="true" />} title={t("admin.metrics.title")}>
        <Metrics />
      </Section>
      <Section icon={<MessagesSquare aria-hidden="true" />} title={t("admin.feedback.title")}>
        <Feedback />
      </Section>
    </div>
  );
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4">
      <h2 className="flex items-center gap-2 text-xl font-semibold [&_svg]:size-5 [&_svg]:text-muted-foreground">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function Metrics() {
  const { t } = useTranslation();
  const stats = useAdminStats();
  if (stats.isPending) {
    return (
      <div role="status" aria-label={t("admin.metrics.loading")} className="grid gap-4">
        <Skeleton className="h-96 rounded-xl" />
        <div className="grid gap-4 md:grid-cols-3">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      </div>
    );
  }
  if (stats.isError) {
    return (
      <EmptyState title={t("admin.metrics.loadFailed")} body={errorMessage(stats.error, t)}>
        <Button onClick={() => void stats.refetch()}>{t("common.retry")}</Button>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6">
      <MetricsTable stats={stats.data} />
      <CategoryBreakdowns stats={stats.data} />
    </div>
  );
}

function Feedback() {
  const { t } = useTranslation();
  const feedback = useAdminFeedback();
  if (feedback.isPending) {
    return (
      <div role="status" aria-label={t("admin.feedback.loading")} className="grid gap-4">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    );
  }
  if (feedback.isError) {
    return (
      <EmptyState title={t("admin.feedback.loadFailed")} body={errorMessage(feedback.error, t)}>
        <Button onClick={() => void feedback.refetch()}>{t("common.retry")}</Button>
      </EmptyState>
    );
  }
  return <FeedbackList items={feedback.data} />;
}

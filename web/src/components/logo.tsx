import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn("size-8", className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <g className="fill-primary-foreground stroke-primary-foreground">
        <path d="M10 22 22 10M22 10l1 13M10 22l13 1" strokeWidth="1.8" fill="none" />
        <circle cx="10" cy="22" r="3.5" stroke="none" />
        <circle cx="22" cy="10" r="3.5" stroke="none" />
        <circle cx="23" cy="23" r="2.5" stroke="none" />
      </g>
    </svg>
  );
}

/** The product name with its mark, linking home. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      aria-label={t("app.home")}
      className={cn("flex items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
    >
      <LogoMark />
      <span className="text-lg" aria-hidden="true">
        {t("app.name")}
      </span>
      <span
        aria-hidden="true"
        className="hidden rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground sm:inline"
      >
        {t("app.beta")}
      </span>
    </Link>
  );
}

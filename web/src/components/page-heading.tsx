import type { ReactNode } from "react";
import { usePageTitle } from "@/lib/page-title";
import { cn } from "@/lib/utils";

/** A page's visible title, also used as the document title. */
export function PageHeading({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  usePageTitle(title);
  return (
    <div className={cn("mb-6 flex flex-wrap items-center justify-between gap-4", className)}>
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
      {children}
    </div>
  );
}

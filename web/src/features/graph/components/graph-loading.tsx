import { useTranslation } from "react-i18next";
import { Skeleton } from "@/components/ui/skeleton";

/** While the graph (or the explorer's code) loads. */
export function GraphLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">{t("graph.loading")}</span>
      <Skeleton className="h-10 w-full max-w-xs" />
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Skeleton className="h-[26rem] rounded-xl md:h-[34rem]" />
        <Skeleton className="h-[26rem] rounded-xl md:h-[34rem]" />
      </div>
    </div>
  );
}

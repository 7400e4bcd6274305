import { useEffect, useRef } from "react";
import { Spinner } from "@/components/ui/spinner";

/** Loads the next page when the end of the list scrolls into view. */
export function NextPageSentinel({
  hasNextPage,
  loading,
  onVisible,
  label,
}: {
  hasNextPage: boolean;
  loading: boolean;
  onVisible: () => void;
  /** Said while the next page loads. */
  label: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || loading || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "400px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, loading]);
  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-4">
      {loading && <Spinner label={label} />}
    </div>
  );
}

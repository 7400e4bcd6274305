import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** A card in place of a list that has nothing to show: an icon, a title, a sentence and actions. */
export function EmptyState({ icon, title, body, children }: { icon?: ReactNode; title: string; body: string; children?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center">
      {icon && <div className="text-muted-foreground">{icon}</div>}
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{body}</p>
      {children}
    </Card>
  );
}

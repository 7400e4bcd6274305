import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import type { MemoryEntity } from "@/lib/api/types";
import { linkConfidenceTone, toneClasses } from "@/lib/confidence";
import { cn } from "@/lib/utils";

/** An entity on a memory, coloured by the link's confidence (docs/constants.md: 80+ green, 60-79 yellow, below 60 red). */
export function EntityTag({ entity, className }: { entity: MemoryEntity; className?: string }) {
  const { t } = useTranslation();
  const tone = linkConfidenceTone(entity.confidence);
  const type = t(`entityTypeNames.${entity.type as "person"}`, { defaultValue: entity.type });
  return (
    <Badge variant="outline" data-tone={tone} title={type} className={cn("font-medium", toneClasses[tone], className)}>
      {entity.name}
    </Badge>
  );
}

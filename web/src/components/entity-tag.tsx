import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { entityTypeIcons } from "@/components/entity-type-icon";
import { badgeVariants } from "@/components/ui/badge";
import type { MemoryEntity } from "@/lib/api/types";
import { linkConfidenceTone, toneClasses } from "@/lib/confidence";
import { cn } from "@/lib/utils";

interface EntityTagProps {
  entity: MemoryEntity;
  /** A link to the memories that name the entity (default); false where leaving the page makes no sense (a form). */
  link?: boolean;
  className?: string;
}

/**
 * An entity on a memory: its type's icon (the type named on hover and for screen readers) and its
 * name, coloured by the link's confidence (docs/constants.md: 80+ green, 60-79 yellow, below 60
 * red); a link to the memory list filtered on it (docs/screens.md).
 */
export function EntityTag({ entity, link = true, className }: EntityTagProps) {
  const { t } = useTranslation();
  const tone = linkConfidenceTone(entity.confidence);
  const type = t(`entityTypeNames.${entity.type}`, { defaultValue: entity.type });
  const Icon = entityTypeIcons[entity.type] ?? entityTypeIcons.object;
  const classes = cn(badgeVariants({ variant: "outline" }), "gap-1 font-medium", toneClasses[tone], className);
  const icon = <Icon className="size-3 shrink-0" aria-hidden="true" />;
  if (!link) {
    return (
      <span data-tone={tone} title={type} className={classes}>
        {icon}
        {entity.name}
        <span className="sr-only"> ({type})</span>
      </span>
    );
  }
  return (
    <Link
      to={`/memories?filterEntity=${entity.id}`}
      // The name first (what the tag shows), then the type; the tag's text stays the name.
      aria-label={t("entityTag.label", { name: entity.name, type })}
      data-tone={tone}
      title={type}
      // Above a memory card's covering link (docs/screens.md: the whole card opens the memory).
      className={cn(
        classes,
        "relative z-10 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1",
      )}
    >
      {icon}
      {entity.name}
    </Link>
  );
}

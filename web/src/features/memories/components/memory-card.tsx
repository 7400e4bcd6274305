import { CalendarDays, MapPin, MoreVertical, Pencil, Trash2 } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EntityTag } from "@/components/entity-tag";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ShareMenu, ShareStatusBadges } from "@/features/sharing";
import type { Memory } from "@/lib/api/types";
import { memoryQueryOptions } from "../api/get-memory";
import { memoryDate } from "./memory-date";

interface MemoryCardProps {
  memory: Memory;
  onDelete: (memory: Memory) => void;
}

/**
 * A memory in the list: the title links to its page; the Share menu shares it (a 2-day link or a
 * friend) and its badges say with whom; the more menu edits or deletes it.
 */
export function MemoryCard({ memory, onDelete }: MemoryCardProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // docs/api.md (caching): a memory's page is prefetched when its card is hovered or focused.
  const prefetch = () => void queryClient.prefetchQuery(memoryQueryOptions(memory.id));
  return (
    <Card className="relative flex flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      {memory.photoThumbnail && (
        <img
          src={memory.photoThumbnail}
          alt={t("memories.card.photoAlt", { title: memory.title })}
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg leading-tight font-semibold">
            {/* The link covers the card (docs/screens.md: clicking a card opens the memory). */}
            <Link to={`/memories/${memory.id}`} onMouseEnter={prefetch} onFocus={prefetch} className="outline-none after:absolute after:inset-0 after:content-['']">
              {memory.title}
            </Link>
          </h2>
          <div className="relative z-10 -mt-2 -mr-2 flex shrink-0">
            <ShareMenu memory={memory} />
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" className="size-9" aria-label={t("memories.card.actions", { title: memory.title })}>
                  <MoreVertical aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => void navigate(`/memories/${memory.id}/edit`)}>
                  <Pencil aria-hidden="true" />
                  {t("memories.card.edit")}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => onDelete(memory)}>
                  <Trash2 aria-hidden="true" />
                  {t("memories.card.delete")}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden="true" />
          {memoryDate(memory.eventDate, i18n.language, t)}
        </p>
        {memory.location && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4" aria-hidden="true" />
            {memory.location}
          </p>
        )}
        <ShareStatusBadges memoryId={memory.id} />
        <p className="line-clamp-4 text-sm whitespace-pre-line">{memory.content}</p>
        {memory.entities.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-1.5 pt-2" aria-label={t("memories.detail.entities")}>
            {memory.entities.map((entity) => (
              <li key={entity.id}>
                <EntityTag entity={entity} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

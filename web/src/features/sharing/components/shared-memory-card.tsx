import { CalendarDays, MapPin, UserRound } from "lucide-react";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import type { SharedWithMe } from "@/lib/api/types";
import { sharedMemoryQueryOptions } from "../api/shared-with-me";
import { eventDateText } from "../lib/format";
import { sharedByName } from "../lib/names";

/** A memory a friend shared: like the user's own cards, with who shared it and no actions (read-only). */
export function SharedMemoryCard({ item }: { item: SharedWithMe }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [photoFailed, setPhotoFailed] = useState(false);
  const { memory } = item;
  const prefetch = () => void queryClient.prefetchQuery(sharedMemoryQueryOptions(memory.id));
  return (
    <Card className="relative flex flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md" data-testid="shared-memory-card">
      {memory.photo && !photoFailed && (
        <img
          src={memory.photo}
          alt={t("sharing.photoAlt", { title: memory.title })}
          loading="lazy"
          onError={() => setPhotoFailed(true)}
          className="aspect-video w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg leading-tight font-semibold">
          {/* The link covers the card, as on the user's own cards. */}
          <Link to={`/memories/${memory.id}`} onMouseEnter={prefetch} onFocus={prefetch} className="outline-none after:absolute after:inset-0 after:content-['']">
            {memory.title}
          </Link>
        </h2>
        <p className="flex items-center gap-1.5 text-sm font-medium">
          <UserRound className="size-4 shrink-0" aria-hidden="true" />
          {t("sharing.sharedBy", { name: sharedByName(item.sharedBy, t("sharing.someone")) })}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
          {eventDateText(memory.eventDate, i18n.language, t)}
        </p>
        {memory.location && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {memory.location}
          </p>
        )}
        <p className="line-clamp-4 text-sm whitespace-pre-line">{memory.content}</p>
      </div>
    </Card>
  );
}

import { CalendarDays, MapPin } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { eventDateText } from "../lib/format";

type Shown = { title: string; eventDate?: string | null; location?: string | null; photo?: string | null; content: string };

/** What a shared memory shows to its reader, friend or visitor: date, place, photo (hidden when it fails to load), content. */
export function SharedMemoryBody({ memory }: { memory: Shown }) {
  const { t, i18n } = useTranslation();
  const [photoFailed, setPhotoFailed] = useState(false);
  return (
    <>
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
        <p className="flex items-center gap-1.5">
          <CalendarDays className="size-4" aria-hidden="true" />
          <span className="sr-only">{t("sharing.detail.date")}: </span>
          {eventDateText(memory.eventDate, i18n.language, t)}
        </p>
        {memory.location && (
          <p className="flex items-center gap-1.5">
            <MapPin className="size-4" aria-hidden="true" />
            <span className="sr-only">{t("sharing.detail.location")}: </span>
            {memory.location}
          </p>
        )}
      </div>
      {memory.photo && !photoFailed && (
        <img
          src={memory.photo}
          alt={t("sharing.photoAlt", { title: memory.title })}
          onError={() => setPhotoFailed(true)}
          className="mx-auto max-h-[32rem] max-w-full rounded-lg border object-contain"
        />
      )}
      <div className="text-base leading-relaxed whitespace-pre-line">{memory.content}</div>
    </>
  );
}

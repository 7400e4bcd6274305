import { ArrowLeft, CalendarDays, MapPin, Pencil, Sparkles, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { EntityTag } from "@/components/entity-tag";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { SharedMemoryDetail, SharingPanel, ShareMenu } from "@/features/sharing";
import { ApiError } from "@/lib/api/client";
import type { Memory } from "@/lib/api/types";
import { useMemory } from "../api/get-memory";
import { DeleteMemoryDialog } from "../components/delete-memory-dialog";
import { FindEntities } from "../components/find-entities";
import { memoryDate } from "../components/memory-date";
import { MemoryNotFound } from "../components/memory-not-found";
import { MemoryRoute, parseMemoryId } from "../components/memory-route";

/**
 * docs/screens.md memory detail: the user's own memory with its owner actions; a memory that is not
 * theirs (404) is looked for among the memories shared with them (read-only), else not found.
 */
export function MemoryDetailPage() {
  const { t } = useTranslation();
  const id = parseMemoryId(useParams().id);
  const own = useMemory(id ?? 0);
  const notFound = { body: t("memories.detail.notFoundBody"), to: "/memories", linkLabel: t("memories.detail.back") };
  if (id !== null && own.error instanceof ApiError && own.error.status === 404) {
    return <SharedMemoryDetail memoryId={id} notFound={<MemoryNotFound {...notFound} />} />;
  }
  return (
    <MemoryRoute
      title={t("titles.memory")}
      failedHeading={t("titles.memory")}
      notFound={notFound}
      skeleton={["h-9 w-2/3", "h-5 w-1/3", "h-64 w-full"]}
    >
      {(memory) => <MemoryDetail memory={memory} />}
    </MemoryRoute>
  );
}

function MemoryDetail({ memory }: { memory: Memory }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const [deleting, setDeleting] = useState(false);
  const isNew = searchParams.get("new") === "true";
  return (
    <article className="mx-auto grid max-w-3xl gap-4">
      <Button asChild variant="link" className="w-fit px-0">
        <Link to="/memories">
          <ArrowLeft aria-hidden="true" />
          {t("memories.detail.back")}
        </Link>
      </Button>
      {isNew && (
        <p className="flex items-center gap-2 rounded-md border border-primary/40 bg-primary/10 p-3 text-sm" role="status">
          <Sparkles className="size-4 shrink-0" aria-hidden="true" />
          {t("memories.detail.welcome")}
        </p>
      )}
      <PageHeading title={memory.title} className="mb-0">
        <div className="flex flex-wrap gap-2">
          <ShareMenu memory={memory} variant="button" withRevoke={false} />
          <Button asChild variant="outline">
            <Link to={`/memories/${memory.id}/edit`}>
              <Pencil aria-hidden="true" />
              {t("memories.detail.edit")}
            </Link>
          </Button>
          <Button variant="outline" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" />
            {t("memories.detail.delete")}
          </Button>
        </div>
      </PageHeading>
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
        <p className="flex items-center gap-1.5">
          <CalendarDays className="size-4" aria-hidden="true" />
          <span className="sr-only">{t("memories.detail.date")}: </span>
          {memoryDate(memory.eventDate, i18n.language, t)}
        </p>
        {memory.location && (
          <p className="flex items-center gap-1.5">
            <MapPin className="size-4" aria-hidden="true" />
            <span className="sr-only">{t("memories.detail.location")}: </span>
            {memory.location}
          </p>
        )}
      </div>
      <SharingPanel memoryId={memory.id} />
      <section className="grid gap-2" aria-labelledby="memory-entities">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="memory-entities" className="text-sm font-semibold">
            {t("memories.detail.entities")}
          </h2>
          <FindEntities memory={memory} />
        </div>
        {memory.entities.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5">
            {memory.entities.map((entity) => (
              <li key={entity.id}>
                <EntityTag entity={entity} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("memories.detail.noEntities")}</p>
        )}
      </section>
      {memory.photo && (
        <img src={memory.photo} alt={t("memories.detail.photoAlt", { title: memory.title })} className="mx-auto max-h-[32rem] max-w-full rounded-lg border object-contain" />
      )}
      <div className="text-base leading-relaxed whitespace-pre-line">{memory.content}</div>
      <DeleteMemoryDialog memory={deleting ? memory : null} onOpenChange={setDeleting} />
    </article>
  );
}

import { CalendarHeart, HeartHandshake, Hourglass, Link2, Sparkles, UserRoundSearch } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { entityTypeIcons } from "@/components/entity-type-icon";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { NewMemoryButton } from "@/features/memories";
import { errorMessage } from "@/lib/api/errors";
import type { EvidenceEntity, EvidenceMemory, PersonCategory, Reflection, RelationshipSuggestion } from "@/lib/api/types";
import { formatDate } from "@/lib/dates";
import { currentLanguage } from "@/lib/i18n";
import { useAddRelationship, useApplyCategory, useReflections, useRelationshipSuggestions } from "../api/dashboard";

/**
 * docs/screens.md "Dashboard": the Insights tab. Reflections and relationship suggestions are
 * computed on the server from the writer's own journal (docs/rules.md "Insights"); each shows the
 * memories and entities it rests on, and a question to write from.
 */
export function InsightsTab() {
  const { t } = useTranslation();
  const reflections = useReflections();
  const suggestions = useRelationshipSuggestions();
  if (reflections.isPending || suggestions.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2" role="status" aria-label={t("common.loading")}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-40 rounded-xl" />
        ))}
      </div>
    );
  }
  if (reflections.isError || suggestions.isError) {
    const error = reflections.error ?? suggestions.error;
    return (
      <EmptyState title={t("insights.failed")} body={errorMessage(error, t)}>
        <Button
          onClick={() => {
            void reflections.refetch();
            void suggestions.refetch();
          }}
        >
          {t("common.retry")}
        </Button>
      </EmptyState>
    );
  }
  if (reflections.data.length === 0 && suggestions.data.length === 0) {
    return <EmptyState icon={<Sparkles className="size-10" aria-hidden="true" />} title={t("insights.empty.title")} body={t("insights.empty.body")} />;
  }
  return (
    <div className="grid gap-8">
      {reflections.data.length > 0 && (
        <section aria-labelledby="reflections-heading" className="grid gap-4">
          <h2 id="reflections-heading" className="text-lg font-semibold">
            {t("insights.reflections")}
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {reflections.data.map((reflection) => (
              <li key={reflection.key} className="grid">
                <ReflectionCard reflection={reflection} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {suggestions.data.length > 0 && (
        <section aria-labelledby="suggestions-heading" className="grid gap-4">
          <h2 id="suggestions-heading" className="text-lg font-semibold">
            {t("insights.suggestions")}
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {suggestions.data.map((suggestion) => (
              <li key={suggestion.key} className="grid">
                <SuggestionCard suggestion={suggestion} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

const reflectionIcons: Record<Reflection["kind"], ReactNode> = {
  onThisDay: <CalendarHeart aria-hidden="true" />,
  unwrittenPerson: <UserRoundSearch aria-hidden="true" />,
  emotionWith: <HeartHandshake aria-hidden="true" />,
  emptyPeriod: <Hourglass aria-hidden="true" />,
};

function ReflectionCard({ reflection }: { reflection: Reflection }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [subject, second] = reflection.entities;
  const values = {
    name: subject?.name ?? "",
    emotion: second?.name ?? "",
    count: reflection.memoryCount,
    date: reflection.date ? formatDate(reflection.date, language) : "",
  };
  const titleId = useId();
  return (
    <InsightCard
      titleId={titleId}
      icon={reflectionIcons[reflection.kind]}
      title={t(`insights.kinds.${reflection.kind}.title`, values)}
      body={t(`insights.kinds.${reflection.kind}.body`, values)}
      prompt={t(`insights.prompts.${reflection.kind}.${promptIndex(reflection.prompt)}`, values)}
      entities={reflection.entities}
      memories={reflection.memories}
    >
      <NewMemoryButton
        variant="outline"
        label={t("insights.writeAboutIt")}
        entityIds={reflection.entities.map((entity) => entity.id)}
      />
    </InsightCard>
  );
}

function SuggestionCard({ suggestion }: { suggestion: RelationshipSuggestion }) {
  const { t } = useTranslation();
  const category = (value: PersonCategory | null | undefined) => (value ? t(`personCategories.${value}`) : t("insights.noCategory"));
  const values = {
    name: suggestion.person.name,
    other: suggestion.other?.name ?? "",
    count: suggestion.memoryCount,
    category: category(suggestion.suggestedCategory).toLocaleLowerCase(),
    current: category(suggestion.currentCategory).toLocaleLowerCase(),
  };
  const titleId = useId();
  const entities = [suggestion.person, ...(suggestion.other ? [suggestion.other] : [])];
  return (
    <InsightCard
      titleId={titleId}
      icon={suggestion.kind === "coOccurrence" ? <Link2 aria-hidden="true" /> : <UserRoundSearch aria-hidden="true" />}
      title={t(`insights.kinds.${suggestion.kind}.title`, values)}
      body={t(`insights.kinds.${suggestion.kind}.body`, values)}
      prompt={t(`insights.prompts.${suggestion.kind}.${promptIndex(suggestion.prompt)}`, values)}
      entities={entities}
      memories={suggestion.memories}
    >
      {suggestion.kind === "categoryFromText" && suggestion.suggestedCategory ? (
        <ApplyCategory suggestion={suggestion} category={suggestion.suggestedCategory} label={t("insights.applyCategory", values)} />
      ) : suggestion.other ? (
        <AddRelationship source={suggestion.person} target={suggestion.other} />
      ) : null}
    </InsightCard>
  );
}

/** Prompts come three to a kind (the server picks which, the same each visit). */
function promptIndex(prompt: number): 0 | 1 | 2 {
  return prompt === 1 ? 1 : prompt === 2 ? 2 : 0;
}

function ApplyCategory({ suggestion, category, label }: { suggestion: RelationshipSuggestion; category: PersonCategory; label: string }) {
  const { t } = useTranslation();
  const apply = useApplyCategory();
  return (
    <Button
      variant="outline"
      disabled={apply.isPending}
      // mutateAsync: the card goes once the suggestion is followed, and the toast must still show.
      onClick={() =>
        void apply.mutateAsync({ person: suggestion.person, category }).then(
          () => toast.success(t("insights.categoryApplied", { name: suggestion.person.name })),
          (error: unknown) => toast.error(t("entities.toasts.updateFailed"), { description: errorMessage(error, t) }),
        )
      }
    >
      {label}
    </Button>
  );
}

function AddRelationship({ source, target }: { source: EvidenceEntity; target: EvidenceEntity }) {
  const { t } = useTranslation();
  const add = useAddRelationship();
  const [relationship, setRelationship] = useState("");
  const inputId = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const name = relationship.trim();
        if (!name) return;
        void add.mutateAsync({ sourceId: source.id, targetId: target.id, relationship: name }).then(
          () => toast.success(t("insights.relationshipAdded", { name: source.name, other: target.name })),
          (error: unknown) => toast.error(t("insights.relationshipFailed"), { description: errorMessage(error, t) }),
        );
      }}
    >
      <div className="grid flex-1 gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t("insights.relationshipLabel", { name: source.name, other: target.name })}
        </label>
        <Input
          id={inputId}
          value={relationship}
          maxLength={60}
          onChange={(event) => setRelationship(event.target.value)}
          placeholder={t("insights.relationshipPlaceholder")}
        />
      </div>
      <Button type="submit" variant="outline" disabled={add.isPending || relationship.trim() === ""}>
        {t("insights.addRelationship")}
      </Button>
    </form>
  );
}

interface InsightCardProps {
  titleId: string;
  icon: ReactNode;
  title: string;
  body: string;
  prompt: string;
  entities: EvidenceEntity[];
  memories: EvidenceMemory[];
  children?: ReactNode;
}

function InsightCard({ titleId, icon, title, body, prompt, entities, memories, children }: InsightCardProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Card className="flex flex-col gap-3 p-5" aria-labelledby={titleId} role="article">
      <h3 id={titleId} className="flex items-start gap-2 font-semibold [&_svg]:mt-0.5 [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-primary">
        {icon}
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{body}</p>
      <blockquote className="border-l-2 border-primary/60 pl-3 text-sm italic">{prompt}</blockquote>
      {(entities.length > 0 || memories.length > 0) && (
        <div className="grid gap-2 text-sm">
          <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("insights.evidence")}</h4>
          {entities.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={t("insights.evidenceEntities")}>
              {entities.map((entity) => (
                <li key={entity.id}>
                  <Link
                    to={`/memories?filterEntity=${entity.id}`}
                    className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-3.5"
                  >
                    <EvidenceIcon type={entity.type} />
                    {entity.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {memories.length > 0 && (
            <ul className="grid gap-1" aria-label={t("insights.evidenceMemories")}>
              {memories.map((memory) => (
                <li key={memory.id}>
                  <Link to={`/memories/${memory.id}`} className="underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
                    {memory.title}
                  </Link>
                  <span className="text-muted-foreground">
                    {" · "}
                    {formatDate(memory.eventDate ?? memory.createdAt, language)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {children && <div className="mt-auto pt-1">{children}</div>}
    </Card>
  );
}

function EvidenceIcon({ type }: { type: EvidenceEntity["type"] }) {
  const Icon = entityTypeIcons[type];
  return <Icon aria-hidden="true" />;
}

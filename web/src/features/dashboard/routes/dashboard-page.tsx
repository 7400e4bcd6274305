import { Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageHeading } from "@/components/page-heading";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { NewMemoryButton, RecentMemories } from "@/features/memories";
import { ExploreTab } from "../components/explore-tab";
import { InsightsTab } from "../components/insights-tab";
import { StatsCards } from "../components/stats-cards";
import { TutorialBanner } from "../components/tutorial-banner";

type Tab = "recent" | "insights" | "explore";

/** docs/screens.md "Dashboard": statistics, the tutorial banner, tabs and a memory search. */
export function DashboardPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>("recent");
  return (
    <div className="grid gap-6">
      <div>
        <PageHeading title={t("titles.dashboard")} className="mb-1">
          <NewMemoryButton />
        </PageHeading>
        <p className="text-muted-foreground">{t("dashboard.subtitle")}</p>
      </div>
      <TutorialBanner />
      <StatsCards />
      <MemorySearch />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label={t("dashboard.tabs.label")} className="h-auto flex-wrap justify-start">
          <TabsTrigger value="recent">{t("dashboard.tabs.recent")}</TabsTrigger>
          <TabsTrigger value="insights">{t("dashboard.tabs.insights")}</TabsTrigger>
          <TabsTrigger value="explore">{t("dashboard.tabs.explore")}</TabsTrigger>
        </TabsList>
        <TabsContent value="recent">
          <RecentMemories />
        </TabsContent>
        <TabsContent value="insights">{tab === "insights" && <InsightsTab />}</TabsContent>
        <TabsContent value="explore">{tab === "explore" && <ExploreTab />}</TabsContent>
      </Tabs>
    </div>
  );
}

/** Searches the writer's memories: opens the memory list with the words in its search box. */
function MemorySearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [words, setWords] = useState("");
  return (
    <form
      role="search"
      className="flex max-w-xl gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const query = words.trim();
        void navigate(query ? `/memories?search=${encodeURIComponent(query)}` : "/memories");
      }}
    >
      <Input
        type="search"
        value={words}
        onChange={(event) => setWords(event.target.value)}
        aria-label={t("dashboard.search.label")}
        placeholder={t("dashboard.search.placeholder")}
      />
      <Button type="submit" variant="secondary">
        <Search aria-hidden="true" />
        {t("dashboard.search.submit")}
      </Button>
    </form>
  );
}

import { useTranslation } from "react-i18next";
import type { GraphType, LifeGraph } from "../explorer/graph-model";

/** How many neighbours a list item or the panel names before "and N more". */
export const NAMED_NEIGHBOURS = 3;

/** The words that describe a node, in the reader's language (list items, panel, announcements). */
export function useNodeWords() {
  const { t, i18n } = useTranslation();
  return {
    type: (type: GraphType) => t(`entityTypeNames.${type}`),
    memories: (count: number) => t("graph.memories", { count }),
    /** "linked to A, B and C", "… and 4 more", or "no links"; `neighbours` strongest first. */
    links: (graph: LifeGraph, neighbours: readonly string[]) => {
      if (neighbours.length === 0) return t("graph.links.none");
      const names = neighbours.slice(0, NAMED_NEIGHBOURS).map((node) => graph.getNodeAttribute(node, "label"));
      const more = neighbours.length - names.length;
      const list = new Intl.ListFormat(i18n.language, { style: "long", type: "conjunction" }).format(names);
      return more > 0 ? t("graph.links.someMore", { names: names.join(", "), count: more }) : t("graph.links.all", { names: list });
    },
  };
}

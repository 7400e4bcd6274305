import { Check, ChevronsUpDown } from "lucide-react";
import { useId, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { Entity } from "@/lib/api/types";
import { cn } from "@/lib/utils";

interface EntityComboboxProps {
  entities: Pick<Entity, "id" | "name" | "type" | "aliases">[];
  value: number | null;
  onChange: (id: number | null) => void;
  /** The button's accessible name (the visible label is the chosen entity). */
  label: string;
  placeholder: string;
  /** A first option meaning "none" (e.g. "All entities"). */
  noneLabel?: string;
  className?: string;
}

/** A searchable list of entities in a popover: by name or alias, shows the type. */
export function EntityCombobox({ entities, value, onChange, label, placeholder, noneLabel, className }: EntityComboboxProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const listId = useId();
  const selected = entities.find((entity) => entity.id === value);
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const matching = needle
      ? entities.filter((entity) =>
          [entity.name, ...entity.aliases].some((name) => name.toLocaleLowerCase().includes(needle)),
        )
      : entities;
    return [...matching].sort((a, b) => a.name.localeCompare(b.name));
  }, [entities, search]);

  const choose = (id: number | null) => {
    onChange(id);
    setOpen(false);
    setSearch("");
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" aria-label={label} aria-expanded={open} className={cn("w-full justify-between font-normal", className)}>
          <span className="truncate">{selected ? selected.name : (noneLabel ?? placeholder)}</span>
          <ChevronsUpDown className="opacity-60" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="p-0" aria-label={label} onOpenAutoFocus={(event) => event.preventDefault()}>
        <div className="border-b p-2">
          <Input
            autoFocus
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-label={t("memories.confirm.searchEntities")}
            aria-controls={listId}
            placeholder={t("memories.confirm.searchEntities")}
          />
        </div>
        <ul id={listId} role="listbox" aria-label={label} className="max-h-60 overflow-y-auto p-1">
          {noneLabel && !search.trim() && (
            <Option selected={value === null} onSelect={() => choose(null)}>
              {noneLabel}
            </Option>
          )}
          {shown.map((entity) => (
            <Option key={entity.id} selected={entity.id === value} onSelect={() => choose(entity.id)}>
              <span className="truncate">{entity.name}</span>
              <span className="ml-auto text-xs text-muted-foreground">
                {t(`entityTypeNames.${entity.type as "person"}`, { defaultValue: entity.type })}
              </span>
            </Option>
          ))}
          {shown.length === 0 && <li className="px-2 py-1.5 text-sm text-muted-foreground">{t("memories.confirm.noEntities")}</li>}
        </ul>
      </PopoverContent>
    </Popover>
  );
}

function Option({ selected, onSelect, children }: { selected: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <li
      role="option"
      aria-selected={selected}
      tabIndex={0}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onSelect();
        }
      }}
      className="flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Check className={cn("size-4 shrink-0", selected ? "opacity-100" : "opacity-0")} aria-hidden="true" />
      {children}
    </li>
  );
}

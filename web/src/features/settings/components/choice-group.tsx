import { useId, type ReactNode } from "react";
import { cn } from "@/lib/utils";

interface Choice<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
  lang?: string;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  description?: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
}

/** A labelled group of native radio buttons drawn as cards (arrow keys move between them). */
export function ChoiceGroup<T extends string>({ legend, description, value, choices, onChange }: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="grid gap-3" aria-describedby={description ? `${name}-description` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {description && (
        <p id={`${name}-description`} className="-mt-2 text-sm text-muted-foreground">
          {description}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              lang={choice.lang}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-lg border p-4 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                checked ? "border-primary bg-accent text-accent-foreground" : "hover:bg-accent/50",
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                className="size-4 accent-primary"
              />
              {choice.icon}
              {choice.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

import { ArrowDownUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

interface SortMenuProps<T extends string> {
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  /** Said before the chosen order, for screen readers ("Sort"). */
  label: string;
  /** The text of an order. */
  optionLabel: (value: T) => string;
}

/** A button showing a list's order, opening the orders to choose from. */
export function SortMenu<T extends string>({ value, options, onChange, label, optionLabel }: SortMenuProps<T>) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <ArrowDownUp aria-hidden="true" />
          <span className="sr-only">{label}: </span>
          {optionLabel(value)}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuRadioGroup value={value} onValueChange={(next) => onChange(next as T)}>
          {options.map((option) => (
            <DropdownMenuRadioItem key={option} value={option}>
              {optionLabel(option)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

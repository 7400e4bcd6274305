import { Slot } from "radix-ui";
import { createContext, useContext, useId, type ComponentProps } from "react";
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from "react-hook-form";
import { cn } from "@/lib/utils";
import { Label } from "./label";

/** The form component set (STYLE 14): react-hook-form state, wired to labels, controls and messages. */
export const Form = FormProvider;

const FieldContext = createContext<{ name: string } | null>(null);
const ItemContext = createContext<{ id: string } | null>(null);

export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: ControllerProps<TValues, TName>,
) {
  return (
    <FieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FieldContext.Provider>
  );
}

function useFormField() {
  const field = useContext(FieldContext);
  const item = useContext(ItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name });
  if (!field || !item) throw new Error("useFormField must be used inside <FormField> and <FormItem>");
  const state = getFieldState(field.name, formState);
  return {
    ...state,
    controlId: `${item.id}-control`,
    messageId: `${item.id}-message`,
  };
}

export function FormItem({ className, ...props }: ComponentProps<"div">) {
  const id = useId();
  return (
    <ItemContext.Provider value={{ id }}>
      <div className={cn("grid gap-2", className)} {...props} />
    </ItemContext.Provider>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { controlId } = useFormField();
  return <Label htmlFor={controlId} className={className} {...props} />;
}

export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, controlId, messageId } = useFormField();
  return (
    <Slot.Root
      id={controlId}
      aria-describedby={error ? messageId : undefined}
      aria-invalid={Boolean(error)}
      {...props}
    />
  );
}

/** Shows the field's error, translated by the caller through `render`. */
export function FormMessage({
  className,
  render,
}: {
  className?: string;
  render: (message: string) => string;
}) {
  const { error, messageId } = useFormField();
  if (!error?.message) return null;
  return (
    <p id={messageId} className={cn("text-sm font-medium text-destructive", className)}>
      {render(error.message)}
    </p>
  );
}

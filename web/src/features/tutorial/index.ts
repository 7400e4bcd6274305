// What other features may use of the tutorial feature (the onboarding flow shares its steps).
export { CompletionCard } from "./components/completion-card";
export { LoadFailed } from "./components/load-failed";
export { MemoryStep } from "./components/memory-step";
export { PeopleStep } from "./components/people-step";
export { PeriodsStep } from "./components/periods-step";
export { StepProgress } from "./components/step-progress";
export { GenderSelect, StepSection } from "./components/step-section";

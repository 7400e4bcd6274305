// What other features may use of the memories feature; everything else in this folder is its own.
export { NewMemoryButton } from "./components/memory-form/create-memory-dialog";
export { MemoryFields } from "./components/memory-form/memory-fields";
export { memoryFormSchema, useCreateMemory, type MemoryFormValues } from "./api/create-memory";
export { useMemories } from "./api/get-memories";
export { RecentMemories } from "./components/recent-memories";
export { MemoryCard } from "./components/memory-card";
export { DeleteMemoryDialog } from "./components/delete-memory-dialog";

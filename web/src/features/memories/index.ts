// What other features may use of the memories feature; everything else in this folder is its own.
export { NewMemoryButton } from "./components/memory-form/create-memory-dialog";

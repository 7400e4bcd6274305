// What other features may use of the sharing feature; everything else in this folder is its own.
export { sharingKeys } from "./api/keys";
export { ShareMenu } from "./components/share-menu";
export { ShareStatusBadges, SharingPanel } from "./components/share-status";
export { SharedWithMeTab } from "./components/shared-with-me-tab";
export { SharedMemoryDetail } from "./components/shared-memory-detail";

// What other features may use of the settings feature; everything else in this folder is its own.
export { useUpdateProfile } from "./api/update-profile";

import "i18next";
import type en from "@/locales/en.json";

// Translation keys are typed against en.json: a wrong key fails `tsc` (STYLE 13).
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
    returnNull: false;
  }
}

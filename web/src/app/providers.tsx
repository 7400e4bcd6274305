import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Toaster } from "sonner";
import { i18n } from "@/lib/i18n";
import { useTheme } from "@/lib/theme";

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {children}
        <ThemedToaster />
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function ThemedToaster() {
  const theme = useTheme();
  return <Toaster theme={theme} position="top-center" richColors closeButton />;
}
